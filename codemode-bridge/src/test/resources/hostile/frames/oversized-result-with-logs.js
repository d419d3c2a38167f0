// expect: limit maxResultBytes
// message: bytes of JSON, over the limit of
// calls: succeeded
async () => { await t.echo({value: 1}); console.log('some'); return 'z'.repeat(70000); }
