// expect: ok
// result: {"kind":"refused","says":true}
// Each column within the cap, but together the query builds 120,000 characters per row.
async () => {
  const columns = 'abcdefghijkl'.split('').map((c) => `lpad(product, 10000, '${c}') AS ${c}`).join(', ');
  try {
    await warehouse.query({sql: `SELECT ${columns} FROM invoice_lines`});
    return 'ran';
  } catch (e) {
    return {kind: e.kind, says: e.message.includes('over the limit of 100000')};
  }
}
