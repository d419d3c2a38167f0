// expect: ok
// result: "TypeError"
async () => { try { Object.defineProperty(globalThis, 't', {value: {}}); } catch (e) { return e.name; } }
