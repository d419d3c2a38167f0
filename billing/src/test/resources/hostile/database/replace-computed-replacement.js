// expect: ok
// result: {"kind":"refused","says":true}
// A replacement the query computes could be any length, so replace takes a literal one.
async () => {
  try {
    await warehouse.query({sql: "SELECT replace(lpad(product, 10000, 'x'), 'x', lpad(product, 10000, 'y')) AS s FROM invoice_lines"});
    return 'ran';
  } catch (e) {
    return {kind: e.kind, says: e.message.includes('replacement written in the query')};
  }
}
