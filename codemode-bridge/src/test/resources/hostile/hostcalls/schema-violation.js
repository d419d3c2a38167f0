// expect: ok
// result: "invalid_arguments"
async () => { try { await t.echo({value: 1, sleepMs: 'soon'}); } catch (e) { return e.kind; } }
