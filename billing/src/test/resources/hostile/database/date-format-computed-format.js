// expect: ok
// result: {"kind":"refused","says":true}
// result[duckdb]: {"kind":"refused","says":false}
// result[postgresql]: {"kind":"refused","says":false}
// Trino's date_format writes a weekday's name for %W: a padded format of it grows every date.
// DuckDB's and PostgreSQL's dialects have no date_format: refused as a function they do not allow.
async () => {
  try {
    await warehouse.query({sql: "SELECT date_format(issued_on, lpad('', 5000, '%W')) AS s FROM invoices"});
    return 'ran';
  } catch (e) {
    return {kind: e.kind, says: e.message.includes('over the limit of 20000 for one value')};
  }
}
