async () => {
  // Which EMEA enterprise customers pay late most often?
  const customers = await billing.customers({ region: "emea", segment: "enterprise" });
  const histories = await Promise.all(customers.map((c) => billing.invoices({ customer: c.name })));
  const scored = customers.map((c, i) => {
    const paid = histories[i].filter((inv) => inv.status === "paid");
    // YYYY-MM-DD strings compare as dates.
    const late = paid.filter((inv) => inv.paidOn > inv.dueOn).length;
    return { customer: c.name, country: c.country, paidInvoices: paid.length, lateInvoices: late };
  });
  const rate = (s) => (s.paidInvoices === 0 ? 0 : s.lateInvoices / s.paidInvoices);
  scored.sort((a, b) => rate(b) - rate(a) || b.lateInvoices - a.lateInvoices || (a.customer < b.customer ? -1 : 1));
  return {
    enterpriseCustomers: customers.length,
    worst: scored.slice(0, 3).map((s) => ({ ...s, latePct: Math.round(rate(s) * 1000) / 10 })),
  };
}
