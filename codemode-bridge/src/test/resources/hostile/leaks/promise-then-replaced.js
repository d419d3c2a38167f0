// expect: ok
// result: 1
async () => { const r = await t.echo({value: 1}); Promise.prototype.then = function () { throw new Error('hijacked'); }; return r.value; }
