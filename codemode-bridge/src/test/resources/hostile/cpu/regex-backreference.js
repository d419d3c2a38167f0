// expect: limit cpu
async () => /^(a+)+\1b$/.test('a'.repeat(40) + 'c')
