// Calls the methods of arrays.d.ts with correct types; each @ts-expect-error line must fail to compile.
async () => {
  const ids: string[] = await lists.make({
    names: ["a", "b"],
    counts: [1, 2],
    grid: [[1, 2], [3.5]],
    points: [{ x: 1, y: 2 }],
    anything: [1, "x", null],
    mixed: ["a", true],
  });
  await lists.make({ names: [] });

  // @ts-expect-error names holds strings
  await lists.make({ names: [1] });
  // @ts-expect-error grid is an array of arrays
  await lists.make({ names: [], grid: [1, 2] });
  // @ts-expect-error every point has y
  await lists.make({ names: [], points: [{ x: 1 }] });
  // @ts-expect-error mixed holds strings and booleans
  await lists.make({ names: [], mixed: [1] });
  return ids.length;
};
export {};
