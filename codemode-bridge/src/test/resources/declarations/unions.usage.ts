// Calls the methods of unions.d.ts with correct types; each @ts-expect-error line must fail to compile.
async () => {
  const result = await mix.combine({
    key: 3,
    event: { kind: "click", x: 10 },
    both: { a: "x", b: true },
    maybeName: null,
    maybeCount: 4,
    numberOrText: "four",
    any: { whatever: [] },
  });
  await mix.combine({ key: "k", event: { kind: "key", code: "Enter" }, maybeName: "n", maybeCount: null });
  const value: unknown = result.ok ? result.value : result.error.toUpperCase();

  // @ts-expect-error key is a string or a number
  await mix.combine({ key: true, event: { kind: "key", code: "A" }, maybeName: null });
  // @ts-expect-error a click has x, not code
  await mix.combine({ key: 1, event: { kind: "click", code: "A" }, maybeName: null });
  // @ts-expect-error both needs b as well
  await mix.combine({ key: 1, event: { kind: "key", code: "A" }, both: { a: "x" }, maybeName: null });
  // @ts-expect-error maybeName is required, even when null
  await mix.combine({ key: 1, event: { kind: "key", code: "A" } });
  // @ts-expect-error no value fits a false schema
  await mix.combine({ key: 1, event: { kind: "key", code: "A" }, maybeName: null, never: 1 });
  // @ts-expect-error error exists only when ok is false
  result.error;
  return value;
};
export {};
