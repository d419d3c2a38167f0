async () => {
  // How did revenue move month by month in each region over the last twelve months of data?
  // It returns its rows with a chart of them: a line per region (codemode run --chart FILE.html).
  const { rows: months } = await warehouse.query({
    sql: `SELECT DISTINCT month FROM invoice_summary ORDER BY month DESC LIMIT 12`,
  });
  const first = String(months[months.length - 1].month).slice(0, 10); // a DATE, as YYYY-MM-DD
  const { rows } = await warehouse.query({
    sql: `SELECT month, region, SUM(revenue) AS revenue FROM invoice_summary
          WHERE month >= DATE '${first}' GROUP BY month, region ORDER BY month, region`,
  });
  return {
    rows,
    // A Vega-Lite spec over the rows above: marks and encodings only, no data, URLs or expressions.
    chart: {
      title: "Revenue by month and region",
      width: 560,
      mark: { type: "line", point: true },
      encoding: {
        x: { field: "month", type: "temporal", timeUnit: "utcyearmonth", title: "Month", axis: { format: "%b %Y" } },
        y: { field: "revenue", type: "quantitative", title: "Revenue" },
        color: { field: "region", type: "nominal", title: "Region" },
      },
    },
  };
}
