// expect: not_json
// message: the returned value nests 601 levels deep (arrays and objects inside each other), more than the 400 the host reads
// calls: none
async () => { let v = 0; for (let i = 0; i < 601; i++) v = [v]; return v; }
