// expect: limit stack
async () => { const p = new Proxy({}, { get(target, key, receiver) { return receiver[key]; } }); return p.x; }
