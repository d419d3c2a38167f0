// expect: ok
// result: ["invalid_arguments","the arguments object has the key \"\\uDC00\", which holds half of a UTF-16 surrogate pair; a key must be whole Unicode text: remove or replace that character"]
// calls: failed
async () => { try { await t.echo({value: {['\uDC00']: 1}}); } catch (e) { return [e.kind, e.message]; } }
