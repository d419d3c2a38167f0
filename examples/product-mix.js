async () => {
  // What share of revenue does each product bring in, counting the lines of non-void invoices?
  const { rows } = await warehouse.query({
    sql: `SELECT l.product, SUM(l.quantity * l.unit_price_cents) AS cents
          FROM invoice_lines l JOIN invoices i ON i.invoice_id = l.invoice_id
          WHERE i.status <> 'void'
          GROUP BY l.product
          ORDER BY cents DESC`,
  });
  const dollars = (c) => { const s = c.toString().padStart(3, "0"); return s.slice(0, -2) + "." + s.slice(-2); };
  const total = rows.reduce((sum, r) => sum + BigInt(r.cents), 0n);
  return {
    totalRevenue: dollars(total),
    products: rows.map((r) => ({
      product: r.product,
      revenue: dollars(BigInt(r.cents)),
      sharePct: Math.round((Number(BigInt(r.cents)) / Number(total)) * 1000) / 10,
    })),
  };
}
