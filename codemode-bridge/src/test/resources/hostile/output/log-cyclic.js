// expect: ok
// result: "logged"
async () => { const a = {}; a.self = a; console.log(a); return 'logged'; }
