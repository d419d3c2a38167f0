async () => {
  // Who are the five biggest customers by revenue, and what does each still owe us?
  const { rows: top } = await warehouse.query({
    sql: `SELECT customer, SUM(revenue) AS revenue FROM invoice_summary
          GROUP BY customer ORDER BY revenue DESC LIMIT 5`,
  });
  // Independent calls: fetch the five invoice histories in parallel.
  const histories = await Promise.all(top.map((c) => billing.invoices({ customer: c.customer })));
  const dollars = (c) => { const s = String(c).padStart(3, "0"); return s.slice(0, -2) + "." + s.slice(-2); };
  return top.map((c, i) => {
    const invoices = histories[i];
    const unpaid = invoices.filter((inv) => inv.status === "open" || inv.status === "overdue");
    return {
      customer: c.customer,
      revenue: c.revenue,
      invoices: invoices.length,
      // amountCents are integers and their sums stay far below 2^53, so Number addition is exact here.
      outstanding: dollars(unpaid.reduce((sum, inv) => sum + inv.amountCents, 0)),
      overdueInvoices: unpaid.filter((inv) => inv.status === "overdue").length,
      lastInvoiceOn: invoices[invoices.length - 1].issuedOn,
    };
  });
}
