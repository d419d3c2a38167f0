// expect: ok
// result: [55296,56320,true]
// calls: succeeded
async () => {
  const back = (await t.echo({value: ['\uD800', '\uDC00', '\uD83D\uDE00']})).value;
  return [back[0].charCodeAt(0), back[1].charCodeAt(0), back[2] === '\uD83D\uDE00'];
}
