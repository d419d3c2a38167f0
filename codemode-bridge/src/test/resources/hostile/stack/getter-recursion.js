// expect: limit stack
async () => { const o = { get x() { return this.x; } }; return o.x; }
