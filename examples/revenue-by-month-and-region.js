async () => {
  // How did revenue move by month in each region over the last year of data? Charted: a line per region.
  const { rows: months } = await warehouse.query({
    sql: `SELECT DISTINCT month FROM invoice_summary ORDER BY month DESC LIMIT 12`,
  });
  const first = months[months.length - 1].month;
  const { rows } = await warehouse.query({
    sql: `SELECT month, region, SUM(revenue) AS revenue FROM invoice_summary
          WHERE month >= DATE '${first}' GROUP BY month, region ORDER BY month, region`,
  });
  return {
    rows,
    // A Vega-Lite spec over the rows above (codemode run --chart FILE.html draws it); no data of its own.
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
