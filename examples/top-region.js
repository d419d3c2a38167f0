async () => {
  // Which region brings in the most revenue (all non-void invoices), and how far ahead of the next is it?
  const { rows } = await warehouse.query({
    sql: "SELECT region, SUM(revenue) AS total FROM invoice_summary GROUP BY region ORDER BY total DESC",
  });
  // DECIMAL totals arrive as exact strings with two decimals: compare and subtract them as BigInt cents.
  const cents = (amount) => BigInt(amount.replace(".", ""));
  const dollars = (c) => { const s = c.toString().padStart(3, "0"); return s.slice(0, -2) + "." + s.slice(-2); };
  const [top, next] = rows;
  return {
    region: top.region,
    revenue: top.total,
    // One region when the caller is a tenant of one (--tenant emea): no next to lead.
    leadOverNext: next === undefined ? null : dollars(cents(top.total) - cents(next.total)),
    ranking: rows.map((r) => ({ region: r.region, revenue: r.total })),
  };
}
