declare const pick: {
  /** Chooses. */
  choose(args: {
    region: "emea" | "americas" | "apac";
    level?: 1 | 2 | 3;
    state?: "on" | "off" | null;
    version: "v2";
    answer?: 42;
    strict?: true;
    impossible?: never;
    shape?: unknown;
  }): Promise<"chosen" | "skipped">;
};
