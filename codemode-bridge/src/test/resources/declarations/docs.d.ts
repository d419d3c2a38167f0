declare const report: {
  /**
   * Exports a report as rows.
   * Runs at most once per minute; the closing *\/ of a comment is escaped.
   * @param args What to export.
   * @returns The exported rows and where they went.
   * @executionClass mutation
   */
  export(args: {
    /** First day, inclusive. */
    from: string /* date */;
    at?: string /* date-time */;
    id?: string /* uuid */;
    email?: string /* email, length <= 254 */;
    code?: string /* length 3, pattern ^[A-Z]*\/x$ */;
    /**
     * Shown on top.
     * Second line *\/ escaped.
     */
    title?: string /* length >= 1 */;
    total?: number /* integer, int64, >= 0, < 1000000 */;
    price?: number /* > 0, <= 99.99, multiple of 0.01 */;
    ratio?: number /* double */;
    /**
     * Most rows.
     * @default 100
     */
    limit?: number /* integer, >= 1, <= 500 */;
    /** @default "asc" */
    order?: "asc" | "desc";
    /** @default false */
    dryRun?: boolean;
    /** @default {"sep":","} */
    options?: { [key: string]: string };
  }): Promise<{ rows: number /* integer, >= 0 */; url: string /* uri */ }>;
};
