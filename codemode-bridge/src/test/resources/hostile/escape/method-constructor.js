// expect: thrown
// message: EvalError
async () => t.echo.constructor('return this')()
