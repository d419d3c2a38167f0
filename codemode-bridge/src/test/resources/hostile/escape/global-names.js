// expect: ok
// result: ["console","t"]
async () => Object.getOwnPropertyNames(globalThis).filter(n => /^(t|console|Java|Polyglot|Packages|arguments|load|print|quit)$/.test(n)).sort()
