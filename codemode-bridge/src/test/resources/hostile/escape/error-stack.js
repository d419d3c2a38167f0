// expect: ok
// result: "guest only"
async () => { try { null.x; } catch (e) { return /java|jdk|org\.graalvm/i.test(String(e.stack)) ? 'host frames' : 'guest only'; } }
