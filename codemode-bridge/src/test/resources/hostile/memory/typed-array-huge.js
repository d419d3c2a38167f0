// expect: limit memory
async () => { const a = new Uint8Array(1 << 29); a.fill(1); const b = new Uint8Array(1 << 29); return a[0] + b[0]; }
