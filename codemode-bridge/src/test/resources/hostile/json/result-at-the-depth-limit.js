// expect: ok
// calls: succeeded
async () => {
  let v = 1; for (let i = 0; i < 400; i++) v = [v];
  return (await t.echo({value: 'x'})).value === 'x' ? v : null;
}
