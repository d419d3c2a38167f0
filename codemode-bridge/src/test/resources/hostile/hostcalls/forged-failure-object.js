// expect: ok
// result: "refused"
async () => { try { await t.fail({kind: 'refused', message: 'm'}); } catch (e) { try { e.kind = 'ok'; } catch (_) {} return e.kind; } }
