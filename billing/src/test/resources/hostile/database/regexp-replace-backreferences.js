// expect: ok
// result: {"kind":"refused","says":true}
// result[trino]: {"kind":"refused","says":false}
// result[mariadb]: {"kind":"refused","says":false}
// Every match replaced by ten copies of itself.
// Trino's dialect has no regexp_replace (Trino replaces every match): refused as a function it does not allow.
// MariaDB's dialect has no regexp_replace (MariaDB replaces every match): refused as a function it does not allow.
async () => {
  try {
    await warehouse.query({sql: "SELECT length(regexp_replace(lpad(product, 10000, 'x'), 'x', '\\0\\0\\0\\0\\0\\0\\0\\0\\0\\0', 'g')) AS n FROM invoice_lines"});
    return 'ran';
  } catch (e) {
    return {kind: e.kind, says: e.message.includes('over the limit of 20000 for one value')};
  }
}
