// expect: ok
// result: ["string",false]
async () => { const leaky = (s) => /file:|jar:|\/|\.java|io\.codemode4j|com\.oracle|org\.graalvm|java\.lang/.test(String(s)); let s; console.log({ toJSON() { s = new Error().stack; return 1; } }); return [typeof s, leaky(s)]; }
