// expect: limit stack
async () => { const f = (n) => { try { return f(n + 1); } catch (e) { return f(n + 1); } }; return f(0); }
