// expect: ok
// result: 1
async () => { let reads = 0; const p = new Proxy({value: 1}, { get(o, k) { if (k === 'value') reads++; return o[k]; } }); await t.echo(p); return reads; }
