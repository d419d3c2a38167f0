// Calls the methods of literals.d.ts with correct types; each @ts-expect-error line must fail to compile.
async () => {
  const outcome: "chosen" | "skipped" = await pick.choose({
    region: "emea",
    level: 2,
    state: null,
    version: "v2",
    answer: 42,
    strict: true,
    shape: { x: 1 },
  });

  // @ts-expect-error not a region
  await pick.choose({ region: "europe", version: "v2" });
  // @ts-expect-error not a level
  await pick.choose({ region: "apac", version: "v2", level: 4 });
  // @ts-expect-error the version is fixed
  await pick.choose({ region: "apac", version: "v3" });
  // @ts-expect-error strict can only be true
  await pick.choose({ region: "apac", version: "v2", strict: false });
  // @ts-expect-error no value fits an empty enum
  await pick.choose({ region: "apac", version: "v2", impossible: "x" });
  // @ts-expect-error the result is one of two strings
  const wrong: "done" = outcome;
  return wrong;
};
export {};
