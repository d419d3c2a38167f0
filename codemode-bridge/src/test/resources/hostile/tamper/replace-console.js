// expect: ok
// result: "function"
async () => { try { globalThis.console = {log() {}}; } catch (e) {} console.log('kept'); return typeof console.log; }
