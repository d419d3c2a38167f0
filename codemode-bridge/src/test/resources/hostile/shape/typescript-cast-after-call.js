// expect: invalid_program
// message: the type assertion `as unknown as string`
// calls: none
async () => { const r = await t.echo({value: 1}); return r as unknown as string; }
