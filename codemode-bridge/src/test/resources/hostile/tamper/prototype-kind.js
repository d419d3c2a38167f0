// expect: ok
// result: "unauthorized"
async () => { Object.prototype.kind = 'ok'; try { await t.fail({kind: 'unauthorized'}); } catch (e) { return e.kind; } }
