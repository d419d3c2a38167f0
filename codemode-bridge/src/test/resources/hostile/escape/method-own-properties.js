// expect: ok
// result: ["length","name"]
async () => Object.getOwnPropertyNames(t.echo).sort()
