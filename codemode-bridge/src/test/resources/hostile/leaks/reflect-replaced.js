// expect: ok
// result: 2
async () => { const r = await t.echo({value: 2}); Reflect.apply = () => { throw new Error('x'); }; return r.value; }
