async () => {
  // How concentrated is revenue: what share do the top 10% of customers and the single largest one hold?
  const { rows } = await warehouse.query({
    sql: `WITH per_customer AS (
            SELECT customer, SUM(revenue) AS revenue FROM invoice_summary GROUP BY customer
          ), ranked AS (
            SELECT customer, revenue, ROW_NUMBER() OVER (ORDER BY revenue DESC) AS position,
                   COUNT(*) OVER () AS customers
            FROM per_customer
          )
          SELECT MAX(customers) AS customers, SUM(revenue) AS total,
                 SUM(CASE WHEN position * 10 <= customers THEN revenue ELSE 0 END) AS top_decile,
                 MAX(CASE WHEN position = 1 THEN customer END) AS largest,
                 MAX(revenue) AS largest_revenue
          FROM ranked`,
  });
  const r = rows[0];
  const share = (part) => Math.round((Number(part) / Number(r.total)) * 1000) / 10;
  return {
    customers: r.customers,
    totalRevenue: r.total,
    topDecileCustomers: Math.floor(r.customers / 10),
    topDecileSharePct: share(r.top_decile),
    largestCustomer: r.largest,
    largestRevenue: r.largest_revenue,
    largestSharePct: share(r.largest_revenue),
  };
}
