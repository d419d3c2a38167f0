// expect: ok
// result: 3
async () => { let v = 0; for (let i = 0; i < 700; i++) v = [v]; console.log(v); console.log({['\uD800']: v}); return 3; }
