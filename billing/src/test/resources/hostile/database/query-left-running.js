// expect: ok
// result: "left"
// A query the program never awaits is cancelled when the pass returns.
async () => {
  warehouse.query({sql: "SELECT count(*) AS n FROM invoice_lines a JOIN invoice_lines b ON a.quantity + b.quantity < a.line_no"}).catch(() => {});
  return 'left';
}
