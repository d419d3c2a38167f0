// expect: thrown
// message: TypeError: (intermediate value).nothere is not a function: t has no method nothere; its methods are echo, fail, block, big (discover_tools
// calls: none
async () => t.nothere({})
