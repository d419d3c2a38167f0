// expect: ok
// result: ["invalid_arguments","string",false]
async () => { const leaky = (s) => /file:|jar:|\/|\.java|io\.codemode4j|com\.oracle|org\.graalvm|java\.lang/.test(String(s)); let err; const v = { toJSON() { err = new Error('x'); throw err; } }; try { await t.echo({ value: v }); return 'sent'; } catch (e) { return [e.kind, typeof err.stack, leaky(err.stack)]; } }
