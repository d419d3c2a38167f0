declare const sql: {
  /**
   * Rows whose values take their column's type at run time.
   * @executionClass readonly
   */
  rows(args: {
    query: string;
  }): Promise<{
    rows: Array<{ [key: string]: any /* typed at run time: string | integer | number | boolean | null | array | object */ }>;
    first: {
      id: string;
      [key: string]: any;
    };
    meta: unknown;
    scalar: string | number | boolean | null;
  }>;
};
