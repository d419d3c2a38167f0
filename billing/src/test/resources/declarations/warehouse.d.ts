declare const warehouse: {
  /**
   * Runs one read-only SQL query (DuckDB dialect) on the billing warehouse and returns its rows as JSON.
   * Write exactly one SELECT (WITH is fine) over the tables below; joins, subqueries, GROUP BY, window and date functions work. Anything else rejects with kind 'refused' and a message that says what to write instead (e.g. GROUP BY 1, 2 for GROUP BY ALL). A caller confined to a tenant reads only its tenant's rows of every table: do not filter for that; an unconfined caller reads every tenant's rows.
   * Aggregate in SQL: at most maxRows rows come back (default 10000), and truncated is true when there were more. A query running longer than 10s is cancelled and rejects with kind 'timeout'; a result over 1048576 bytes of JSON rejects with kind 'too_large'. Build long text in JavaScript from the rows: SQL that could build long values (wide padding, growing replace, concatenation chains) rejects with kind 'refused'.
   * JSON values are typed by the column's SQL type, never by the value: DECIMAL and SUM of integers are strings with the exact digits; the result's rows documentation has every rule.
   * Tables and views (column SQL-type, notes in parentheses):
   * - customers (one row per customer): customer_id VARCHAR, name VARCHAR (what billing.invoices takes), region VARCHAR ('emea' | 'americas' | 'apac'), segment VARCHAR ('enterprise' | 'mid-market' | 'smb'), country VARCHAR (ISO 3166-1 alpha-2, e.g. 'DE')
   * - invoice_lines (the lines of each invoice; an invoice's amount_cents = SUM(quantity * unit_price_cents) of its lines): invoice_id VARCHAR, line_no INTEGER, product VARCHAR, quantity INTEGER, unit_price_cents BIGINT (US cents)
   * - invoice_summary (view over the invoices that are not void: one row per region, customer name and month): region VARCHAR, customer VARCHAR (the customer's name), month DATE (first day of the month issued), invoice_count BIGINT, revenue DECIMAL(18,2) (US dollars, exact: SUM(amount_cents) / 100)
   * - invoices (one row per invoice, every amount in US cents; statuses are as of the data's as-of date, the latest issued_on: compute recent periods from MAX(issued_on), not current_date): invoice_id VARCHAR, customer_id VARCHAR, region VARCHAR (the customer's region), issued_on DATE, due_on DATE, paid_on DATE (NULL unless paid), status VARCHAR ('paid' | 'open' | 'overdue' | 'void'; void is cancelled and never revenue, open and overdue are unpaid, overdue past due_on), currency VARCHAR (always 'USD'), amount_cents BIGINT (US cents)
   */
  query(args: {
    /** One SELECT in DuckDB SQL over the tables of the description. */
    sql: string /* length >= 1 */;
    /**
     * Most rows to return; aggregate in SQL rather than fetch many rows.
     * @default 10000
     */
    maxRows?: number /* integer, >= 1, <= 10000 */;
  }): Promise<{
    columns: Array<{
      name: string;
      /** e.g. VARCHAR, BIGINT, DECIMAL(38,2), DATE */
      type: string;
    }>;
    /**
     * One object per row, keyed by column name (a repeated name gets a suffix: region_2); a value's JSON type follows its column's SQL type (columns[].type), never the value:
     * - BOOLEAN: true or false. TINYINT, SMALLINT, INTEGER, BIGINT (COUNT(*) too), FLOAT, DOUBLE (AVG too): numbers; a NaN or infinite FLOAT or DOUBLE is the string "NaN", "Infinity" or "-Infinity".
     * - DECIMAL, HUGEINT (SUM of an integer column), UHUGEINT, UBIGINT and wider integers: strings with the exact digits, e.g. "1234.50". Add money in SQL, as integer cents (Number is exact below 2^53) or BigInt, never with parseFloat; return amounts as strings.
     * - DATE: "YYYY-MM-DD"; TIMESTAMP, TIME: ISO-8601 ("2025-01-31T09:30:00", "09:30:00"), WITH TIME ZONE with its offset.
     * - LIST: array, STRUCT: object, elements typed alike; MAP: object, keys as strings; BLOB: base64; NULL: null; any other type: the database's own text.
     */
    rows: Array<{ [key: string]: any /* typed at run time */ }>;
    /** rows.length */
    rowCount: number /* integer, >= 0 */;
    truncated: boolean;
  }>;
  /** Lists the tables and views that warehouse.query may read, with their columns and SQL types, sorted by name (the same for every tenant; rows are what the tenant confines). */
  tables(args?: Record<string, never>): Promise<Array<{ name: string; columns: Array<{ name: string; type: string }> }>>;
};

declare const billing: {
  /** Lists the customers visible to the caller, optionally only one region and/or segment, ordered by name. Rejects with kind 'too_large' when more than 10000 match: filter by region or segment, or count them in SQL. */
  customers(args?: {
    /** Only customers of this region. */
    region?: "emea" | "americas" | "apac";
    /** Only customers of this segment. */
    segment?: "enterprise" | "mid-market" | "smb";
  }): Promise<Array<{
    /** e.g. C0001; the customer_id column in SQL */
    customerId: string;
    /** what billing.invoices takes */
    name: string;
    region: "emea" | "americas" | "apac";
    segment: "enterprise" | "mid-market" | "smb";
    /** ISO 3166-1 alpha-2, e.g. DE */
    country: string;
  }>>;
  /** Lists every invoice of one customer, by name, oldest first (issuedOn, then invoiceId); dates are YYYY-MM-DD. An empty list means the customer has no invoices. A name that matches no customer the caller can see rejects with kind 'refused', as does a name several customers share (query by customer_id in SQL then); more than 10000 invoices reject with kind 'too_large'. */
  invoices(args: {
    /** The customer's exact name as billing.customers returns it (case-sensitive, no control characters), e.g. Acme. */
    customer: string /* length 1..200, pattern ^[^\u0000-\u001f\u007f]*$ */;
  }): Promise<Array<{
    /** e.g. INV-0000001 */
    invoiceId: string;
    issuedOn: string /* date */;
    dueOn: string /* date */;
    /** null unless paid */
    paidOn: string /* date */ | null;
    /** void is cancelled and never revenue; open and overdue are unpaid */
    status: "paid" | "open" | "overdue" | "void";
    /** US cents */
    amountCents: number /* integer */;
  }>>;
};
