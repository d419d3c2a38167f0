// expect: ok
// result: "undefined"
async () => { const seen = typeof leakedVar; globalThis.leakedVar = 'x'; return seen; }
