// expect: ok
// result: "too_large"
async () => { try { await t.echo({value: 'x'.repeat(1 << 17)}); } catch (e) { return e.kind; } }
