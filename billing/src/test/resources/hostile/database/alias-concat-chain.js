// expect: ok
// result: {"kind":"refused","says":true}
// DuckDB lets a select item read an earlier one by its alias: a doubling chain in one SELECT.
async () => {
  try {
    await warehouse.query({sql: "SELECT lpad(product, 10000, 'x') AS a, a || a AS b, b || b AS c, c || c AS d, length(d || d) AS n FROM invoice_lines"});
    return 'ran';
  } catch (e) {
    return {kind: e.kind, says: e.message.includes('over the limit of 20000 for one value')};
  }
}
