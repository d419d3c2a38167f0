// expect: limit maxLogBytes
async () => { console.log('x'.repeat(1 << 20)); }
