// Rows destructured and compared, a query's column given to a mutation, a failure read by its kind.
async () => {
  const { rows } = await warehouse.query({
    sql: "SELECT invoice_id, customer_id, amount_cents, due_on FROM invoices WHERE status = 'overdue' ORDER BY amount_cents DESC LIMIT 3",
  });
  const flagged = [];
  for (const { invoice_id, amount_cents, due_on } of rows) {
    if (amount_cents > 100000 && due_on < "2025-06-01") {
      const flag = await billing
        .flagInvoice({ invoiceId: invoice_id, reason: "overdue since " + due_on })
        .catch((e) => ({ flagId: null, kind: e.kind }));
      flagged.push(flag.flagId);
    }
  }
  const customers = await billing.customers({ segment: "enterprise" });
  const byId = new Map(customers.map((c) => [c.customerId, c.name]));
  return { flagged, owners: rows.map((row) => byId.get(row.customer_id) ?? null) };
};
export {};
