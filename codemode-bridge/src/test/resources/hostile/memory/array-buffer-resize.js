// expect: limit memory
async () => { const keep = []; for (;;) { const b = new ArrayBuffer(16, { maxByteLength: 2 ** 30 }); b.resize(2 ** 30); keep.push(b); } }
