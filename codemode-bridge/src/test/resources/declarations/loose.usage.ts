// Calls the methods of loose.d.ts as a program would; each @ts-expect-error line must fail to compile.
async () => {
  const result = await sql.rows({ query: "SELECT name, total FROM t" });
  const names: string[] = result.rows.map((row) => row.name);
  const doubled: number[] = result.rows.map((row) => row.total * 2);
  const total: number = result.rows.reduce((sum, row) => sum + Number(row.total), 0);
  const id: string = result.first.id;
  const other: string = result.first.anything;
  // @ts-expect-error an empty schema is unknown, so it is no string without a check
  const meta: string = result.meta;
  // @ts-expect-error a type list without every JSON type stays a union
  const scalar: number = result.scalar;
  // @ts-expect-error a declared property keeps its own type
  const wrongId: number = result.first.id;
  return { names, doubled, total, id, other, meta, scalar, wrongId };
};
export {};
