// expect: ok
// calls: succeeded
async () => { await t.echo({value: 1}); return {['k'.repeat(60000)]: 1}; }
