// expect: limit memory
async () => { const keep = []; for (let n = 1; ; n *= 2) keep.push('x'.repeat(Math.min(n, 1 << 24))); }
