// expect: limit maxResultBytes
async () => 'x'.repeat(1 << 22)
