// expect: limit cpu
async () => { let n = 0; for (;;) n++; }
