// expect: limit maxLogBytes
async () => { for (;;) console.log('flood'); }
