// expect: ok
// result: "undefined"
async () => { const s = Symbol.for('marker'); const seen = typeof globalThis[s]; globalThis[s] = 1; return seen; }
