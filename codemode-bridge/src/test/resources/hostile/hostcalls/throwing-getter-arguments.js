// expect: ok
// result: "invalid_arguments"
async () => { try { await t.echo({ get value() { throw new Error('no'); } }); } catch (e) { return e.kind; } }
