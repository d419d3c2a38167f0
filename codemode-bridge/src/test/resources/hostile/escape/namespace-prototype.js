// expect: ok
// result: [null,true,"undefined"]
async () => [Object.getPrototypeOf(t), t.constructor === undefined, typeof t.echo.prototype]
