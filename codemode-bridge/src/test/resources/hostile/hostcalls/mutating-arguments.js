// expect: ok
// result: "before"
async () => { const a = {value: 'before'}; const r = t.echo(a); a.value = 'after'; return (await r).value; }
