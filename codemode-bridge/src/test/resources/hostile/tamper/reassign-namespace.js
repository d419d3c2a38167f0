// expect: ok
// result: "function"
async () => { try { t = 1; } catch (e) {} return typeof t.echo; }
