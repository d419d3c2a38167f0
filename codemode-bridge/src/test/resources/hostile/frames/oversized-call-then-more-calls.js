// expect: ok
// result: ["too_large",2]
// calls: failed,succeeded,succeeded
async () => {
  let kind;
  try { await t.echo({value: 'x'.repeat(200 * 1024)}); } catch (e) { kind = e.kind; }
  const rest = await Promise.all([t.echo({value: 1}), t.echo({value: 2})]);
  return [kind, rest.length];
}
