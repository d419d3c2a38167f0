// expect: ok
// result: "real"
async () => { const r = await t.echo({value: 'real'}); JSON.stringify = () => '{}'; JSON.parse = () => ({value: 'forged'}); return r.value; }
