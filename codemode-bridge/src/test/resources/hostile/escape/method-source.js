// expect: ok
// result: "opaque"
async () => /host|Java|Polyglot/.test(String(t.echo)) ? 'leaks' : 'opaque'
