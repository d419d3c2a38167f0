// expect: ok
// result: "undefined"
async () => { const seen = typeof globalThis.marker; globalThis.marker = 1; return seen; }
