// expect: timeout
async () => Promise.race([new Promise(() => {}), new Promise(() => {})])
