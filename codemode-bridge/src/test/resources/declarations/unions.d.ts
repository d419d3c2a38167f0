declare const mix: {
  /** Combines. */
  combine(args: {
    key: string | number /* integer */;
    event: { kind: "click"; x: number } | { kind: "key"; code: string };
    both?: { a: string; [key: string]: unknown } & { b: boolean; [key: string]: unknown };
    maybeName: string | null;
    maybeCount?: number /* integer */ | null;
    numberOrText?: number /* integer */ | string;
    never?: never;
    any?: unknown;
  }): Promise<{ ok: true; value: unknown } | { ok: false; error: string }>;
};
