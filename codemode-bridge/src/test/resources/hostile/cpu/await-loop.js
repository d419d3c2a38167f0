// expect: limit cpu|memory
async () => { for (;;) await null; }
