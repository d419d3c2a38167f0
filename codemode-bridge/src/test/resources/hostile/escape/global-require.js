// expect: ok
// result: "undefined"
async () => typeof globalThis['require']
