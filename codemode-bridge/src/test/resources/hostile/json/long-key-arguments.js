// expect: ok
// result: 60000
// calls: succeeded
async () => Object.keys((await t.echo({value: {['k'.repeat(60000)]: true}})).value)[0].length
