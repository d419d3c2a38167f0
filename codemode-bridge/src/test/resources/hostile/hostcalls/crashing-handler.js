// expect: ok
// result: ["failed",false]
async () => { try { await t.fail({kind: 'crash'}); } catch (e) { return [e.kind, /secret/.test(e.message)]; } }
