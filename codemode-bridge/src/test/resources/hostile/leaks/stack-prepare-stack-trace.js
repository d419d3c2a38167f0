// expect: ok
// result: [false]
async () => { const leaky = (s) => /file:|jar:|\/|\.java|io\.codemode4j|com\.oracle|org\.graalvm|java\.lang/.test(String(s)); let seen = ''; Error.prepareStackTrace = (e, frames) => { seen = Array.isArray(frames) ? frames.map((f) => [f.getFileName?.(), f.getTypeName?.(), f.getFunctionName?.()].join(' ')).join('\n') : String(frames); return seen; }; console.log({ toJSON() { seen += String(new Error().stack); return 1; } }); return [leaky(seen)]; }
