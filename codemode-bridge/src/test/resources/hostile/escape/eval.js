// expect: thrown
// message: EvalError
async () => eval('1 + 1')
