// expect: ok
// result: "TypeError"
async () => { try { Object.setPrototypeOf(t, {evil: 1}); } catch (e) { return e.name; } }
