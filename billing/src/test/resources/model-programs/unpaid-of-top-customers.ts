// A row's column passed to a method that takes a string, the calls overlapped with Promise.all.
async () => {
  const top = await warehouse.query({
    sql: "SELECT customer, SUM(revenue) AS revenue FROM invoice_summary GROUP BY customer ORDER BY revenue DESC LIMIT 5",
  });
  const invoices = await Promise.all(top.rows.map((row) => billing.invoices({ customer: row.customer })));
  return top.rows.map((row, i) => ({
    customer: row.customer,
    revenue: row.revenue,
    unpaidCents: invoices[i]
      .filter((invoice) => invoice.status === "open" || invoice.status === "overdue")
      .reduce((sum, invoice) => sum + invoice.amountCents, 0),
  }));
};
export {};
