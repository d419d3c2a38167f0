// expect: limit memory|cpu
async () => { const s = '[' + '1,'.repeat(1 << 22) + '1]'; const keep = []; for (;;) keep.push(JSON.parse(s)); }
