// expect: ok
// result: {"kind":"refused","says":true}
// result[postgresql]: {"kind":"refused","says":false}
// result[trino]: {"kind":"refused","says":false}
// result[mariadb]: {"kind":"refused","says":false}
// %c writes 19 characters for two: a padded format of them grows every timestamp.
// PostgreSQL's and Trino's dialects have no strftime: refused as a function they do not allow (their own are
// to-char-computed-format.js and date-format-computed-format.js).
// MariaDB's dialect has no strftime (its own date_format is held to two arguments): refused as a function it does not allow.
async () => {
  try {
    await warehouse.query({sql: "SELECT strftime(issued_on, lpad('', 5000, '%c')) AS s FROM invoices"});
    return 'ran';
  } catch (e) {
    return {kind: e.kind, says: e.message.includes('over the limit of 20000 for one value')};
  }
}
