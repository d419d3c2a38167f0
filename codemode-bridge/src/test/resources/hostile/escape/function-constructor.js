// expect: thrown
// message: EvalError
async () => new Function('return globalThis')()
