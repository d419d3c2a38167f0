// expect: ok
// result: ["outer","inner"]
async () => { let inner; const r = await t.echo({ toJSON() { inner = t.echo({value: 'inner'}); return {value: 'outer'}; } }); return [r.value, (await inner).value]; }
