declare const sql: {
  /** Rows whose values take their column's type at run time. */
  rows(args: { query: string }): Promise<{
    rows: Array<{ [key: string]: any /* typed at run time */ }>;
    first: { id: string; [key: string]: any };
    meta: unknown;
    scalar: string | number | boolean | null;
  }>;
};
