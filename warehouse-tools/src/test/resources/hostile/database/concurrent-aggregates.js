// expect: ok
// result: [true,true,true]
// expect[postgresql]: timeout
// result[trino]: ["refused","refused","refused"]
// Three aggregated strings of 1.5 GB each at once: DuckDB counts them against its memory_limit and fails them.
// PostgreSQL counts them against nothing below its 1 GB cap of one value (measured on PostgreSQL 15, one such
// query alone: 16 s and a backend of 1 GB RSS, then "out of memory"): the pass's end cancels the three statements.
// Trino's dialect has no string_agg: each is refused as a function it does not allow.
async () => {
  const sql = "SELECT length(string_agg(lpad(product, 10000, 'x'), ',')) AS n FROM invoice_lines";
  const outOfMemory = (e) => (e.kind === 'failed' && e.message.includes('Out of Memory')) || e.kind;
  const calls = [0, 1, 2].map(() => warehouse.query({sql}).then(() => 'ran', outOfMemory));
  return await Promise.all(calls);
}
