// expect: ok
// result: "ReferenceError"
async () => { try { return Polyglot.eval('python', '1'); } catch (e) { return e.name; } }
