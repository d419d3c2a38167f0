// expect: ok
// result: [true,true,true]
// Three aggregated strings of 1.5 GB each at once: DuckDB counts them against its memory_limit and fails them.
async () => {
  const sql = "SELECT length(string_agg(lpad(product, 10000, 'x'), ',')) AS n FROM invoice_lines";
  const calls = [0, 1, 2].map(() => warehouse.query({sql}).then(() => 'ran', (e) => e.kind === 'failed' && e.message.includes('Out of Memory')));
  return await Promise.all(calls);
}
