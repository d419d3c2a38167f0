// expect: ok
// result: "too_large"
async () => { try { await t.big({bytes: 1 << 17}); } catch (e) { return e.kind; } }
