// Calls the methods of refs.d.ts with correct types; each @ts-expect-error line must fail to compile.
async () => {
  const walked = await tree.walk({
    home: { city: "Berlin", zip: "10115" },
    work: { city: "Paris" },
    root: { label: "a", children: [{ label: "b" }, "anything below the recursion"] },
    flag: true,
    slashed: 3,
    missing: { unknown: true },
    remote: 1,
    again: { home: { city: "Rome" }, again: "unknown below the recursion" },
  });
  const visited: number = walked.visited;

  // @ts-expect-error an address needs a city
  await tree.walk({ home: { zip: "10115" } });
  // @ts-expect-error a node needs a label
  await tree.walk({ home: { city: "Berlin" }, root: { children: [] } });
  // @ts-expect-error the legacy definition is a boolean
  await tree.walk({ home: { city: "Berlin" }, flag: "yes" });
  // @ts-expect-error the root reference needs home too
  await tree.walk({ home: { city: "Berlin" }, again: { flag: true } });
  return visited;
};
export {};
