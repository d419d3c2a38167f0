// expect: ok
// result: "TypeError"
async () => { try { Object.defineProperty(t, 'extra', {value: 1}); } catch (e) { return e.name; } }
