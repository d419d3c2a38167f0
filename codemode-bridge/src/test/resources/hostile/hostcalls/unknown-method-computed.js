// expect: thrown
// message: t has no method constructor; its methods are echo, fail, block, big
// calls: none
async () => t['constructor']('return this')
