// expect: not_json
async () => { let a = []; for (let i = 0; i < 200000; i++) a = [a]; return a; }
