// expect: ok
// result: ["refused","refused","refused"]
// Three aggregated strings of 1.5 GB each at once, a padded value per row: refused on every engine before
// anything runs (StringGrowth.MAX_AGGREGATED_CHARS: 256 characters per row besides stored values). DuckDB
// would count them against its memory_limit and fail them, but PostgreSQL counts them against nothing below its 1 GB cap of one value (measured on
// PostgreSQL 15, one such query alone: 16 s and a backend of 1 GB RSS, then "out of memory"), and Trino's
// dialect has no string_agg.
async () => {
  const sql = "SELECT length(string_agg(lpad(product, 10000, 'x'), ',')) AS n FROM invoice_lines";
  const calls = [0, 1, 2].map(() => warehouse.query({sql}).then(() => 'ran', (e) => e.kind));
  return await Promise.all(calls);
}
