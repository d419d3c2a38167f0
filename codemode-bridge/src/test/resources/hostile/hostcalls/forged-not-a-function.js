// expect: thrown
// message: the program threw TypeError: t.echo is not a function
async () => { throw new TypeError('t.echo is not a function'); }
