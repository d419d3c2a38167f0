async () => {
  // Who are the ten biggest customers by revenue?
  // It returns its rows with a chart of them: a bar each, largest first (codemode run --chart FILE.html).
  const { rows } = await warehouse.query({
    sql: `SELECT customer, SUM(revenue) AS revenue FROM invoice_summary
          GROUP BY customer ORDER BY revenue DESC, customer LIMIT 10`,
  });
  return {
    rows,
    chart: {
      title: "Top customers by revenue",
      width: 560,
      mark: "bar",
      encoding: {
        y: { field: "customer", type: "nominal", sort: "-x", title: null },
        x: { field: "revenue", type: "quantitative", title: "Revenue" },
      },
    },
  };
}
