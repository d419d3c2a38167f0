// expect: limit memory
async () => { const keep = []; for (;;) keep.push(new ArrayBuffer(16, { maxByteLength: 2 ** 30 })); }
