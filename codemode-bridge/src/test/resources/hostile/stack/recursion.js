// expect: limit stack
async () => { const f = (n) => f(n + 1) + 1; return f(0); }
