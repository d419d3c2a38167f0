// expect: ok
// result: "invalid_arguments"
async () => { try { await t.echo({value: 1, gate: 5}); } catch (e) { return e.kind; } }
