// expect: ok
// result: ["string",false]
async () => { const leaky = (s) => /file:|jar:|\/|\.java|io\.codemode4j|com\.oracle|org\.graalvm|java\.lang/.test(String(s)); return { toJSON() { const s = new Error().stack; return [typeof s, leaky(s)]; } }; }
