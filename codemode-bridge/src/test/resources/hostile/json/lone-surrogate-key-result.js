// expect: not_json
// message: the returned value has the key "ab\uD800", which holds half of a UTF-16 surrogate pair
// calls: succeeded
async () => { await t.echo({value: 1}); return {ok: {['ab\uD800']: 1}}; }
