// expect: ok
// result: {"kind":"refused","says":true}
// Nested replace multiplies a padded string tenfold per level: 10^8 characters from one row.
async () => {
  const x = "'xxxxxxxxxx'";
  const sql = `SELECT length(replace(replace(replace(replace(lpad('', 10000, 'x'), 'x', ${x}), 'x', ${x}), 'x', ${x}), 'x', ${x})) AS n`;
  try {
    await warehouse.query({sql});
    return 'ran';
  } catch (e) {
    return {kind: e.kind, says: e.message.includes('over the limit of 20000 for one value')};
  }
}
