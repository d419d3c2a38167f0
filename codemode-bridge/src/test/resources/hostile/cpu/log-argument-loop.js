// expect: limit cpu
async () => { console.log({ toJSON() { for (;;) {} } }); }
