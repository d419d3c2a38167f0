async () => {
  // How much money is overdue in each customer segment, across how many customers, and since when?
  const { rows } = await warehouse.query({
    sql: `SELECT c.segment, COUNT(*) AS invoices, COUNT(DISTINCT c.customer_id) AS customers,
                 SUM(i.amount_cents) AS overdue_cents, MAX(i.amount_cents) AS largest_cents,
                 MIN(i.due_on) AS oldest_due_on
          FROM invoices i JOIN customers c ON c.customer_id = i.customer_id
          WHERE i.status = 'overdue'
          GROUP BY c.segment
          ORDER BY overdue_cents DESC`,
  });
  // SUM of cents is an exact string (DuckDB's HUGEINT, PostgreSQL's numeric) or a number (Trino's bigint):
  // BigInt takes either, so add them as BigInt cents.
  const dollars = (c) => { const s = BigInt(c).toString().padStart(3, "0"); return s.slice(0, -2) + "." + s.slice(-2); };
  const total = rows.reduce((sum, r) => sum + BigInt(r.overdue_cents), 0n);
  return {
    totalOverdue: dollars(total),
    bySegment: rows.map((r) => ({
      segment: r.segment,
      overdue: dollars(r.overdue_cents),
      invoices: r.invoices,
      customers: r.customers,
      largestInvoice: dollars(r.largest_cents),
      oldestDueOn: r.oldest_due_on,
    })),
  };
}
