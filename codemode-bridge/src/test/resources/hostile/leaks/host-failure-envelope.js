// expect: ok
// result: [[false,"failed",false],[false,"invalid_arguments",false]]
async () => { const named = (s) => /\.java|io\.codemode4j|com\.oracle|org\.graalvm|java\.lang|jackson|Exception/.test(String(s)); const probe = async (p) => { try { await p; return 'resolved'; } catch (e) { return [e instanceof Error, e.kind, named(JSON.stringify(e)) || named(e.stack)]; } }; return [await probe(t.fail({ kind: 'crash' })), await probe(t.echo({ value: 1n }))]; }
