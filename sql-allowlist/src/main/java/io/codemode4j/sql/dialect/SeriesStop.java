package io.codemode4j.sql.dialect;

/**
 * Whether a series table function's rows reach its stop: DuckDB's and PostgreSQL's {@code
 * generate_series(1, 3)} is 1, 2, 3 and DuckDB's {@code range(1, 3)} 1, 2. The allowlist counts a
 * series' rows before it runs, from its constant arguments, and refuses a series of more than
 * 100,000.
 */
public enum SeriesStop {

  /** The stop is the last row when the step reaches it, {@code generate_series}. */
  INCLUDED,

  /** The last row is before the stop, {@code range}. */
  EXCLUDED
}
