// expect: thrown
// message: EvalError
async () => (function* () {}).constructor('yield 1')().next()
