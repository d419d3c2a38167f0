// expect: limit cpu|memory
async () => { const spin = () => Promise.resolve().then(spin); spin(); await new Promise(() => {}); }
