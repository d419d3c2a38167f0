// expect: thrown
// message: the program threw {"a":{"a":{"a":
// calls: none
async () => { let v = 0; for (let i = 0; i < 900; i++) v = {a: v}; throw v; }
