declare const tree: {
  /** Walks a tree. */
  walk(args: {
    /** A postal address. */
    home: { city: string; zip?: string };
    /** Where the caller works. */
    work?: { city: string; zip?: string };
    root?: { label: string; children?: Array<unknown /* recursive $ref #/$defs/node */> };
    flag?: boolean;
    slashed?: number /* integer */;
    missing?: unknown /* unresolved $ref #/$defs/nothing */;
    remote?: unknown /* unresolved $ref https://example.com/schema.json */;
    again?: {
      /** A postal address. */
      home: { city: string; zip?: string };
      /** Where the caller works. */
      work?: { city: string; zip?: string };
      root?: { label: string; children?: Array<unknown /* recursive $ref #/$defs/node */> };
      flag?: boolean;
      slashed?: number /* integer */;
      missing?: unknown /* unresolved $ref #/$defs/nothing */;
      remote?: unknown /* unresolved $ref https://example.com/schema.json */;
      again?: unknown /* recursive $ref # */;
    };
  }): Promise<{ visited: number /* integer */ }>;
};
