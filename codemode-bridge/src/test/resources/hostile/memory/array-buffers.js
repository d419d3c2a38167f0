// expect: limit memory
async () => { const keep = []; for (;;) keep.push(new ArrayBuffer(1 << 20)); }
