// expect: limit cpu
async () => { for (;;) { try { return 1; } finally { continue; } } }
