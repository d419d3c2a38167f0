// expect: ok
// result: ["too_large","too_large","too_large","too_large"]
// expect[mariadb]: timeout
// Four calls at once, each reading rows of the widest value allowed, each stopped at the byte limit.
// MariaDB's replace of 10,000 matches is slow: 1,001 of these rows alone ran past its 10 s statement limit
// (measured), so the pass ends first and cancels the four statements.
async () => {
  const sql = "SELECT replace(lpad(product, 10000, 'x'), 'x', 'xx') AS s FROM invoice_lines";
  const calls = [0, 1, 2, 3].map(() => warehouse.query({sql, maxRows: 1000}).then(() => 'ran', (e) => e.kind));
  return await Promise.all(calls);
}
