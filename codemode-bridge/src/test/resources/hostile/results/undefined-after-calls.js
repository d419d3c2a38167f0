// expect: not_json
// message: the program returned nothing (undefined)
// calls: succeeded,succeeded
async () => { await Promise.all([t.echo({value: 1}), t.echo({value: 2})]); }
