// Calls the methods of docs.d.ts with correct types; each @ts-expect-error line must fail to compile.
async () => {
  const exported = await report.export({
    from: "2025-01-01",
    at: "2025-01-01T10:00:00Z",
    id: "0b6c7a52-6f6c-4a0e-9d0e-9f0e3c1c2d3e",
    email: "a@example.com",
    code: "EUR",
    title: "Revenue",
    total: 12,
    price: 9.99,
    ratio: 0.5,
    limit: 100,
    order: "desc",
    dryRun: true,
    options: { sep: ";" },
  });
  const rows: number = exported.rows;
  const url: string = exported.url;

  // @ts-expect-error from is required
  await report.export({ limit: 10 });
  // @ts-expect-error limit is a number
  await report.export({ from: "2025-01-01", limit: "10" });
  // @ts-expect-error order is asc or desc
  await report.export({ from: "2025-01-01", order: "up" });
  // @ts-expect-error options hold strings
  await report.export({ from: "2025-01-01", options: { sep: 1 } });
  return { rows, url };
};
export {};
