// expect: limit memory|cpu
async () => { let f = () => 0; for (let i = 0; ; i++) { const g = f; const pad = new Array(100).fill(i); f = () => g() + pad.length; } }
