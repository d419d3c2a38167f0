// expect: ok
// result: {"kind":"refused","says":true}
// Each CTE concatenates the previous one ten times: 10^8 characters after four levels.
async () => {
  const ten = (v) => Array(10).fill(v).join(' || ');
  const sql = `WITH a AS (SELECT lpad('', 10000, 'x') AS s), b AS (SELECT ${ten('s')} AS s FROM a),
    c AS (SELECT ${ten('s')} AS s FROM b), d AS (SELECT ${ten('s')} AS s FROM c),
    e AS (SELECT ${ten('s')} AS s FROM d) SELECT length(e.s) AS n FROM e`;
  try {
    await warehouse.query({sql});
    return 'ran';
  } catch (e) {
    return {kind: e.kind, says: e.message.includes('over the limit of 20000 for one value')};
  }
}
