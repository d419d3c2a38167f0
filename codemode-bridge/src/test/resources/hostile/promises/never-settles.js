// expect: timeout
async () => { await new Promise(() => {}); }
