// expect: thrown
// message: TypeError
async () => t.nothere({})
