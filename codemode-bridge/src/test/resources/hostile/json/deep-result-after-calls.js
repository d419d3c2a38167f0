// expect: not_json
// message: nests 700 levels deep
// calls: succeeded,succeeded
async () => {
  await Promise.all([t.echo({value: 1}), t.echo({value: 2})]);
  let v = {}; for (let i = 0; i < 699; i++) v = {v}; return v;
}
