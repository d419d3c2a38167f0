// expect: limit cpu
async () => { while (true) {} }
