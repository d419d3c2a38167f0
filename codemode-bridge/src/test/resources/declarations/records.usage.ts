// Calls the methods of records.d.ts with correct types; each @ts-expect-error line must fail to compile.
async () => {
  const saved = await crm.upsert({
    name: "Ana",
    stage: "former-customer",
    birthday: null,
    phones: [{ number: "+4930123456", primary: true }],
    scores: { nps: 9 },
    credit: 1200.5,
    extra: { source: "import" },
  });
  await crm.upsert({
    name: "Bo",
    stage: "lead",
    birthday: "1990-04-01",
    previousStage: "customer",
    phones: [],
    scores: {},
    credit: 0,
    extra: null,
  });
  const savedAt: string = saved.savedAt;

  // @ts-expect-error stages are the enum's wire names
  await crm.upsert({ name: "Cy", stage: "FORMER_CUSTOMER", phones: [], scores: {}, credit: 0, extra: 1 });
  // @ts-expect-error phones is required
  await crm.upsert({ name: "Cy", stage: "lead", scores: {}, credit: 0, extra: 1 });
  // @ts-expect-error scores are integers
  await crm.upsert({ name: "Cy", stage: "lead", phones: [], scores: { nps: "high" }, credit: 0, extra: 1 });
  return savedAt;
};
export {};
