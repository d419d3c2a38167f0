// expect: limit memory|cpu
async () => { const keep = []; for (;;) keep.push(new Array(10000).fill(1)); }
