// expect: ok
// result: "function"
async () => typeof RegExp.prototype.compile
