declare const lists: {
  /** Makes lists. */
  make(args: {
    names: string[];
    counts?: Array<number /* integer, >= 0 */> /* items 1..10, unique */;
    grid?: Array<number[]>;
    points?: Array<{ x: number; y: number }>;
    anything?: unknown[];
    mixed?: Array<string | boolean>;
  }): Promise<Array<string /* uuid */> /* items <= 100 */>;
};
