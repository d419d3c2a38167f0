// expect: thrown
// message: EvalError
async () => (0, eval)('1 + 1')
