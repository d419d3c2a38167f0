// expect: limit cpu
async () => [3, 2, 1].sort(() => { for (;;) {} })
