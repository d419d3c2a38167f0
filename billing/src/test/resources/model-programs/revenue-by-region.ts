// Arithmetic on row values, Number() on an exact decimal string, .map and .sort over rows.
async () => {
  const result = await warehouse.query({
    sql: "SELECT region, SUM(revenue) AS total, SUM(invoice_count) AS invoices FROM invoice_summary GROUP BY region",
  });
  const regions = result.rows.map((r) => r.region);
  const ranked = result.rows
    .map((r) => ({ region: r.region, total: Number(r.total), perInvoice: r.total / r.invoices }))
    .sort((a, b) => b.total - a.total);
  const doubled = result.rows.map((r) => r.invoices * 2);
  const grand = result.rows.reduce((sum, r) => sum + Number(r.total), 0);
  console.log(`${regions.length} regions, ${result.rowCount} rows`);
  return { regions, top: ranked[0], doubled, grand: grand.toFixed(2), share: ranked[0].total / grand };
};
export {};
