// expect: ok
// result: {"kind":"refused","says":true}
// result[trino]: {"kind":"refused","says":false}
// result[mariadb]: {"kind":"refused","says":false}
// PostgreSQL's \& is the whole match: one replacement of ten copies of it, nested, multiplies a padded string tenfold per level.
// Trino's dialect has no regexp_replace (Trino replaces every match): refused as a function it does not allow.
// MariaDB's dialect has no regexp_replace (MariaDB replaces every match): refused as a function it does not allow.
async () => {
  const ten = "'" + '\\&'.repeat(10) + "'";
  try {
    await warehouse.query({sql: `SELECT length(regexp_replace(regexp_replace(lpad(product, 10000, 'x'), 'x+', ${ten}), 'x+', ${ten})) AS n FROM invoice_lines`});
    return 'ran';
  } catch (e) {
    return {kind: e.kind, says: e.message.includes('over the limit of 20000 for one value')};
  }
}
