// expect: limit memory
async () => { const keep = []; for (;;) keep.push(new ArrayBuffer(100e6)); }
