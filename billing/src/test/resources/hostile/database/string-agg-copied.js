// expect: ok
// result: [{"kind":"refused","says":true},{"kind":"refused","says":true}]
// result[postgresql]: [{"kind":"refused","says":true},{"kind":"refused","says":false}]
// result[trino]: [{"kind":"refused","says":false},{"kind":"refused","says":true}]
// result[mariadb]: [{"kind":"refused","says":false},{"kind":"refused","says":false}]
// An aggregated string is as long as the rows make it; copying or growing it is refused.
// PostgreSQL's dialect has no listagg: the second is refused as a function it does not allow; Trino's has no
// string_agg: the first is.
// MariaDB's dialect has neither string_agg nor listagg (its group_concat the walker refuses): both are refused as functions it does not allow.
async () => {
  const sqls = [
    "SELECT length(string_agg(product, ',') || string_agg(product, ',')) AS n FROM invoice_lines",
    "SELECT length(replace(listagg(product, ','), ',', ',,,,')) AS n FROM invoice_lines",
  ];
  const out = [];
  for (const sql of sqls) {
    try {
      await warehouse.query({sql});
      out.push('ran');
    } catch (e) {
      out.push({kind: e.kind, says: e.message.includes('string_agg/listagg result')});
    }
  }
  return out;
}
