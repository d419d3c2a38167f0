// expect: limit memory|cpu
async () => { const o = {}; for (let i = 0; ; i++) o['k' + i] = [i, i, i]; }
