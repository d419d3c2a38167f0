// A program over warehouse.d.ts as a model would write it; each @ts-expect-error line must fail to compile.
async () => {
  const result = await warehouse.query({
    sql: "SELECT region, SUM(revenue) AS total FROM invoice_summary GROUP BY region",
    maxRows: 10,
  });
  const types: string[] = result.columns.map((column) => column.name + " " + column.type);
  const top = result.rows
    .map((row) => ({ region: String(row.region), total: Number(row.total) }))
    .sort((a, b) => b.total - a.total)[0];
  const tables = await warehouse.tables();
  const columns: number = tables.reduce((n, table) => n + table.columns.length, 0);
  const customers = await billing.customers({ region: "emea", segment: "mid-market" });
  const invoices = await billing.invoices({ customer: customers[0].name });
  const unpaid = invoices.filter((invoice) => invoice.paidOn === null && invoice.status !== "void");
  const cents: number = unpaid.reduce((sum, invoice) => sum + invoice.amountCents, 0);

  // @ts-expect-error sql is required
  await warehouse.query({ maxRows: 10 });
  // @ts-expect-error maxRows is a number
  await warehouse.query({ sql: "SELECT 1", maxRows: "10" });
  // @ts-expect-error not a region
  await billing.customers({ region: "europe" });
  // @ts-expect-error an invoice's amount is a number
  const wrong: string = invoices[0].amountCents;
  const doubled: number = result.rows[0].total * 2;
  return { types, top, columns, cents, truncated: result.truncated, wrong, doubled };
};
export {};
