// expect: ok
// result: ["too_large","too_large","too_large",1]
// calls: failed,failed,failed,succeeded
async () => {
  const big = 'y'.repeat(100 * 1024);
  const all = await Promise.allSettled([t.echo({value: big}), t.echo({value: big + 'a'}), t.echo({value: big + 'b'}), t.echo({value: 1})]);
  return all.map(r => r.status === 'rejected' ? r.reason.kind : r.value.value);
}
