// expect: thrown
// message: EvalError
async () => Object.getPrototypeOf(t.echo).constructor('return process')()
