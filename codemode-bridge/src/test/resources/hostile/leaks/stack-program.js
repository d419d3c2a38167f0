// expect: ok
// result: [true,false]
async () => { const leaky = (s) => /file:|jar:|\/|\.java|io\.codemode4j|com\.oracle|org\.graalvm|java\.lang/.test(String(s)); const s = new Error().stack; return [String(s).includes('program.js'), leaky(s)]; }
