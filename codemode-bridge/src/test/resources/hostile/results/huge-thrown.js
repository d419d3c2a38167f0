// expect: thrown
async () => { throw 'x'.repeat(1 << 22); }
