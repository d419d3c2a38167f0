// expect: ok
// result: {"kind":"refused","says":true}
// result[duckdb]: {"kind":"refused","says":false}
// J writes the Julian day, up to 9 digits for one character: a padded format of it grows every date.
// DuckDB's dialect has no to_char: refused as a function it does not allow (strftime-computed-format.js is its own).
async () => {
  try {
    await warehouse.query({sql: "SELECT to_char(issued_on, lpad('', 5000, 'J')) AS s FROM invoices"});
    return 'ran';
  } catch (e) {
    return {kind: e.kind, says: e.message.includes('over the limit of 20000 for one value')};
  }
}
