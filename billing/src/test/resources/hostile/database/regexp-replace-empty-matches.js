// expect: ok
// result: {"kind":"refused","says":true}
// result[trino]: {"kind":"refused","says":false}
// result[mariadb]: {"kind":"refused","says":false}
// An empty pattern matches at every position, so each level multiplies stored text by the replacement.
// Trino's dialect has no regexp_replace (Trino replaces every match): refused as a function it does not allow.
// MariaDB's dialect has no regexp_replace (MariaDB replaces every match): refused as a function it does not allow.
async () => {
  try {
    await warehouse.query({sql: "SELECT length(regexp_replace(regexp_replace(product, '', 'xxxxxxxx', 'g'), '', 'xxxxxxxx', 'g')) AS n FROM invoice_lines"});
    return 'ran';
  } catch (e) {
    return {kind: e.kind, says: e.message.includes('over the limit of 16')};
  }
}
