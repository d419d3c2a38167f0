// expect: ok
// result: "ReferenceError"
async () => { try { const keep = []; for (let i = 0; i < 50; i++) keep.push(new SharedArrayBuffer(100 << 20)); return 'held ' + keep.length * 100 + ' MiB'; } catch (e) { return e.name; } }
