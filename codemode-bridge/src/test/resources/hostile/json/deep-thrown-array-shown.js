// expect: thrown
// message: the program threw [[[[[[[[[[
// calls: succeeded
async () => { await t.echo({value: 1}); let v = 0; for (let i = 0; i < 600; i++) v = [v]; throw v; }
