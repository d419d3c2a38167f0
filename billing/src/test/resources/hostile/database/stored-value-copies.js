// expect: ok
// result: {"kind":"refused","says":true}
// Concatenation through derived tables copies a stored value 4, 16, then 64 times.
async () => {
  const four = (v) => `concat(${v}, ${v}, ${v}, ${v})`;
  const sql = `SELECT length(${four('s')}) AS n FROM (SELECT ${four('s')} AS s FROM (SELECT ${four('product')} AS s FROM invoice_lines) x) y`;
  try {
    await warehouse.query({sql});
    return 'ran';
  } catch (e) {
    return {kind: e.kind, says: e.message.includes('times into one value')};
  }
}
