// expect: thrown
// message: the program threw an array that cannot be shown as JSON (it is cyclic or nested too deeply)
async () => { const a = [1]; a.push(a); throw a; }
