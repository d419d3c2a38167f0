// expect: limit cpu
async () => ({ toJSON() { for (;;) {} } })
