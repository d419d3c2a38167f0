// expect: thrown
// message: t has no method ech (did you mean echo?)
// calls: succeeded
async () => { await t.echo({value: 1}); return t.ech({value: 2}); }
