// expect: ok
// result: "ReferenceError"
async () => { try { return Java.type('java.lang.Runtime'); } catch (e) { return e.name; } }
