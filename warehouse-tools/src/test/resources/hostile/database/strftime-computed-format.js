// expect: ok
// result: {"kind":"refused","says":true}
// result[postgresql]: {"kind":"refused","says":false}
// %c writes 19 characters for two: a padded format of them grows every timestamp.
// PostgreSQL's dialect has no strftime: refused as a function it does not allow (to-char-computed-format.js is its own).
async () => {
  try {
    await warehouse.query({sql: "SELECT strftime(issued_on, lpad('', 5000, '%c')) AS s FROM invoices"});
    return 'ran';
  } catch (e) {
    return {kind: e.kind, says: e.message.includes('over the limit of 20000 for one value')};
  }
}
