// expect: ok
// result: {"kind":"refused","says":true}
// A width the data computes is unknown before running, so it is refused.
async () => {
  try {
    await warehouse.query({sql: "SELECT rpad(product, length(product) * 100000, '.') AS s FROM invoice_lines"});
    return 'ran';
  } catch (e) {
    return {kind: e.kind, says: e.message.includes('whole-number width written in the query')};
  }
}
