// expect: ok
// result: {"kind":"refused","says":true}
// result[duckdb]: {"kind":"refused","says":false}
// result[trino]: {"kind":"refused","says":false}
// result[mariadb]: {"kind":"refused","says":false}
// PostgreSQL's to_char writes the Julian day for J, up to 9 digits for one character: a padded format of it grows
// every date. DuckDB's and Trino's dialects have no to_char: refused as a function they do not allow.
// MariaDB's dialect has no to_char: refused as a function it does not allow.
async () => {
  try {
    await warehouse.query({sql: "SELECT to_char(issued_on, lpad('', 5000, 'J')) AS s FROM invoices"});
    return 'ran';
  } catch (e) {
    return {kind: e.kind, says: e.message.includes('over the limit of 20000 for one value')};
  }
}
