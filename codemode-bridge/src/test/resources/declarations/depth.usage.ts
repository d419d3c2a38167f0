// Calls the methods of depth.d.ts with correct types; each @ts-expect-error line must fail to compile.
async () => {
  const deepest = { level9: "below the bound anything goes" };
  const nested = { level1: { level2: { level3: { level4: { level5: { level6: { level7: { level8: deepest } } } } } } } };
  const ok: boolean = await deep.nest(nested);
  await deep.nest({ level1: { level2: { level3: { level4: { level5: { level6: { level7: { level8: { level9: 9 } } } } } } } } });

  // @ts-expect-error level8 is still declared and needs level9
  await deep.nest({ level1: { level2: { level3: { level4: { level5: { level6: { level7: { level8: {} } } } } } } } });
  return ok;
};
export {};
