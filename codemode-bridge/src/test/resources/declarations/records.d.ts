declare const crm: {
  /**
   * Creates or updates a contact.
   * @executionClass mutation
   */
  upsert(args: {
    /** The contact's full name. */
    name: string;
    stage: "lead" | "customer" | "former-customer";
    birthday?: string /* date */ | null;
    previousStage?: "lead" | "customer" | "former-customer" | null;
    phones: Array<{
      /** E.164, e.g. +4930123456 */
      number: string;
      primary: boolean;
    }>;
    scores: { [key: string]: number /* integer */ };
    credit: number;
    extra: unknown;
  }): Promise<{ id: string; created: boolean; savedAt: string /* date-time */ }>;
};
