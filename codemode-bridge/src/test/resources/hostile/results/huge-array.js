// expect: limit maxResultBytes
async () => Array.from({length: 100000}, (_, i) => i)
