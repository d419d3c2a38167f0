// expect: not_json
async () => { const a = []; a.push(a); return a; }
