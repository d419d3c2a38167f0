// expect: ok
// result: 50000
// calls: succeeded
async () => (await t.echo({value: 'v'.repeat(50000)})).value.length
