declare const shapes: {
  /** Creates a shape. */
  create(args: {
    /** The shape's name. */
    name: string;
    note?: string;
    owner: { id: string; email?: string /* email */ };
    tags?: { [key: string]: string };
    meta?: { [key: string]: unknown };
    sealed?: Record<string, never>;
    weights?: { total: number; unit?: string; [key: string]: number /* integer */ | number | string | undefined };
    open?: { seen: boolean; [key: string]: unknown };
    "content-type"?: string;
    "2fa"?: boolean;
  }): Promise<{ id: string; created: boolean }>;
  /** Answers. */
  ping(args?: Record<string, never>): Promise<null>;
};

declare const other: {
  count(args?: { of?: string; [key: string]: unknown }): Promise<number /* integer */>;
};
