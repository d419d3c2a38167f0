// expect: ok
// result: [{"kind":"refused","says":true},{"kind":"refused","says":true},{"kind":"refused","says":true}]
// result[postgresql]: [{"kind":"refused","says":false},{"kind":"refused","says":false},{"kind":"refused","says":false}]
// result[trino]: [{"kind":"refused","says":false},{"kind":"refused","says":false},{"kind":"refused","says":false}]
// result[mariadb]: [{"kind":"refused","says":false},{"kind":"refused","says":false},{"kind":"refused","says":false}]
// Field widths in printf and format over the cap, and one taken from an argument.
// PostgreSQL's and Trino's dialects have neither printf nor format: each is refused as a function they do not allow.
// MariaDB's dialect has neither printf nor format (MariaDB's format grows by a number, which no growth class bounds): each is refused as a function it does not allow.
async () => {
  const sqls = [
    "SELECT printf('%100000d', 1) AS s",
    "SELECT printf('%*d', 100000000, 1) AS s",
    "SELECT format('{:>100000}', product) AS s FROM invoice_lines",
  ];
  const out = [];
  for (const sql of sqls) {
    try {
      await warehouse.query({sql});
      out.push('ran');
    } catch (e) {
      out.push({kind: e.kind, says: e.message.includes('at most 10000')});
    }
  }
  return out;
}
