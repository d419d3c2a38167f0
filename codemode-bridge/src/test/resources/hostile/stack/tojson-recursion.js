// expect: limit stack
async () => { const o = { toJSON() { return JSON.stringify(o); } }; return o; }
