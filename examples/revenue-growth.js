async () => {
  // How did revenue grow month over month across the last six months of data?
  const { rows } = await warehouse.query({
    sql: `SELECT month, SUM(revenue) AS revenue FROM invoice_summary
          GROUP BY month ORDER BY month DESC LIMIT 7`,
  });
  const months = rows.reverse(); // oldest first; the first month is only the baseline
  const cents = (amount) => BigInt(amount.replace(".", ""));
  return months.slice(1).map((m, i) => {
    const previous = cents(months[i].revenue);
    const change = cents(m.revenue) - previous;
    return {
      month: m.month.slice(0, 7),
      revenue: m.revenue,
      growthPct: Math.round((Number(change) / Number(previous)) * 1000) / 10,
    };
  });
}
