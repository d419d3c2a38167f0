// expect: ok
// result: {"kind":"refused","says":true}
// A pad width one over the cap is refused before anything runs.
async () => {
  try {
    await warehouse.query({sql: "SELECT lpad(product, 10001, 'x') AS s FROM invoice_lines"});
    return 'ran';
  } catch (e) {
    return {kind: e.kind, says: e.message.includes('at most 10000')};
  }
}
