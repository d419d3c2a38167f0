// expect: thrown
// message: the program threw an array that cannot be shown as JSON (it is cyclic or nested too deeply)
// calls: succeeded
async () => { await t.echo({value: 1}); let v = 0; for (let i = 0; i < 2000; i++) v = [v]; throw v; }
