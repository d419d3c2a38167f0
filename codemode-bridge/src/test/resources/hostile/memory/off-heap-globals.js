// expect: ok
// result: ["undefined","undefined","undefined","undefined","undefined","undefined"]
async () => ['SharedArrayBuffer', 'Atomics', 'WebAssembly', 'TextEncoder', 'TextDecoder', 'structuredClone'].map((n) => typeof globalThis[n])
