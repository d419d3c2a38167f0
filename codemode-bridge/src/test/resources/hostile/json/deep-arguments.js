// expect: ok
// result: ["invalid_arguments",true,"done"]
// calls: failed,succeeded
async () => {
  let v = 0; for (let i = 0; i < 800; i++) v = [v];
  let caught;
  try { await t.echo({value: v}); } catch (e) { caught = e; }
  const after = await t.echo({value: 'done'});
  return [caught.kind, caught.message.includes('nests 801 levels deep'), after.value];
}
