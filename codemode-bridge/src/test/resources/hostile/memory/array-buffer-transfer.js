// expect: limit memory
async () => { const keep = []; for (;;) keep.push(new ArrayBuffer(16).transfer(2 ** 30)); }
