// billing's own results keep their declared types: each @ts-expect-error line must fail to compile.
async () => {
  const [customer] = await billing.customers({ region: "emea" });
  const invoices = await billing.invoices({ customer: customer.name });
  const cents: number = invoices.reduce((sum, invoice) => sum + invoice.amountCents, 0);
  const tables = await warehouse.tables();

  // @ts-expect-error amountCents is a number
  invoices[0].amountCents.toUpperCase();
  // @ts-expect-error not a status
  const cancelled = invoices.filter((invoice) => invoice.status === "cancelled");
  // @ts-expect-error paidOn may be null
  const paid: string = invoices[0].paidOn;
  // @ts-expect-error customer takes a string
  await billing.invoices({ customer: 42 });
  // @ts-expect-error not a region
  await billing.customers({ region: "europe" });
  // @ts-expect-error sql is required
  await warehouse.query({ maxRows: 10 });
  // @ts-expect-error a table's name is a string
  const count: number = tables[0].name;
  return { cents, cancelled, paid, count };
};
export {};
