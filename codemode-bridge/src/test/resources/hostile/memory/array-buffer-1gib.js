// expect: limit memory
async () => { const b = new ArrayBuffer(2 ** 30); return b.byteLength; }
