// expect: thrown
// message: EvalError
async () => (async function () {}).constructor('return 1')()
