async () => {
  // How many days after issue do customers in each region pay, and how often do they pay after the due date?
  const { rows } = await warehouse.query({
    // Days as the day field of the interval between two timestamps: the same on every engine (date - date
    // is a number of days in DuckDB and PostgreSQL but an interval in Trino).
    sql: `SELECT region, COUNT(*) AS paid,
                 AVG(EXTRACT(DAY FROM CAST(paid_on AS TIMESTAMP) - CAST(issued_on AS TIMESTAMP))) AS avg_days,
                 COUNT(*) FILTER (WHERE paid_on > due_on) AS late
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
