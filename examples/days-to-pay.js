async () => {
  // How many days after issue do customers in each region pay, and how often do they pay after the due date?
  const { rows } = await warehouse.query({
    sql: `SELECT region, COUNT(*) AS paid, AVG(date_diff('day', issued_on, paid_on)) AS avg_days,
                 COUNT_IF(paid_on > due_on) AS late
          FROM invoices
          WHERE status = 'paid'
          GROUP BY region
          ORDER BY avg_days`,
  });
  return rows.map((r) => ({
    region: r.region,
    paidInvoices: r.paid,
    avgDaysToPay: Math.round(r.avg_days * 10) / 10,
    paidLatePct: Math.round((r.late / r.paid) * 1000) / 10,
  }));
}
