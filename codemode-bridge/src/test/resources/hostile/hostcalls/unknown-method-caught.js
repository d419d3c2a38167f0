// expect: ok
// result: ["TypeError","(intermediate value).nothere is not a function",false,null]
async () => { try { await t.nothere({}); } catch (e) { return [e.name, e.message, 'nothere' in t, Object.getPrototypeOf(t)]; } }
