// expect: limit cpu
async () => { throw { get detail() { for (;;) {} } }; }
