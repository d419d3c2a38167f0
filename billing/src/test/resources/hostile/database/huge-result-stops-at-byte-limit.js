// expect: ok
// result: {"kind":"too_large","says":true}
// 10,000 rows of 1,000 characters: reading stops at the first row past the warehouse's byte limit.
async () => {
  try {
    await warehouse.query({sql: "SELECT lpad(product, 1000, '.') AS p FROM invoice_lines", maxRows: 10000});
    return 'ran';
  } catch (e) {
    return {kind: e.kind, says: e.message.includes('bytes of JSON (the warehouse\'s maxResultBytes) at row')};
  }
}
