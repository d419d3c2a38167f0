// Calls the methods of objects.d.ts with correct types; each @ts-expect-error line must fail to compile.
async () => {
  const created = await shapes.create({
    name: "circle",
    owner: { id: "u1", email: "a@example.com" },
    tags: { colour: "red" },
    meta: { anything: [1, "two"] },
    sealed: {},
    weights: { total: 2.5, unit: "kg", extra: 3 },
    open: { seen: true, more: { deep: 1 } },
    "content-type": "text/plain",
    "2fa": false,
  });
  const id: string = created.id;
  const flag: boolean = created.created;
  const nothing: null = await shapes.ping();
  await shapes.ping({});
  const count: number = await other.count({ of: "shapes", extra: 1 });

  // @ts-expect-error owner is required
  await shapes.create({ name: "square" });
  // @ts-expect-error owner.id is a string
  await shapes.create({ name: "square", owner: { id: 7 } });
  // @ts-expect-error no other properties
  await shapes.create({ name: "square", owner: { id: "u1" }, colour: "red" });
  // @ts-expect-error a sealed object has no properties
  await shapes.create({ name: "square", owner: { id: "u1" }, sealed: { a: 1 } });
  // @ts-expect-error extra weights are numbers (the index also admits unit's string type, as TypeScript requires)
  await shapes.create({ name: "square", owner: { id: "u1" }, weights: { total: 1, extra: true } });
  // @ts-expect-error ping takes no properties
  await shapes.ping({ now: true });
  // @ts-expect-error the result has no other properties
  created.size;
  return { id, flag, nothing, count };
};
export {};
