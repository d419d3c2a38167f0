// expect: limit memory|cpu
async () => { const m = new Map(); for (let i = 0; ; i++) m.set(i, {i, s: 'v' + i}); }
