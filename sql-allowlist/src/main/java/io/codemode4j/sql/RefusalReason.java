package io.codemode4j.sql;

/**
 * Why a query was refused. Each refusal carries exactly one reason; the message of the refusal says
 * what is allowed instead.
 */
public enum RefusalReason {
  /** The SQL text is longer than the configured limit (UTF-8 bytes), checked before parsing. */
  TOO_LONG,
  /** The text does not parse, or it is empty. */
  SYNTAX,
  /** More than one statement, e.g. {@code SELECT 1; DROP TABLE x}. */
  MULTIPLE_STATEMENTS,
  /** A statement that is not a query: INSERT, CREATE, SET, PRAGMA, COPY, ATTACH, EXPLAIN, ... */
  STATEMENT_KIND,
  /** A table or view that is not in the allowlist. */
  TABLE_NOT_ALLOWED,
  /** A table qualified by a schema or catalog other than {@code main} or the configured catalog. */
  SCHEMA_NOT_ALLOWED,
  /**
   * A function (or a name DuckDB would call as a function) that is not in the function allowlist.
   */
  FUNCTION_NOT_ALLOWED,
  /** A table function or UNNEST in FROM, e.g. {@code FROM read_csv('x')}. */
  TABLE_FUNCTION,
  /** A file path used as a table, e.g. {@code FROM "data.parquet"}. */
  FILE_PATH,
  /** {@code WITH RECURSIVE}. */
  RECURSIVE_CTE,
  /** A cast or typed literal to a type outside the type allowlist. */
  TYPE_NOT_ALLOWED,
  /**
   * DuckDB syntax the parser cannot read or would read differently; the message gives the rewrite.
   */
  UNSUPPORTED_SYNTAX,
  /** A parsed construct the walker does not explicitly know (fail-closed). */
  UNSUPPORTED_NODE,
  /**
   * Nesting too deep to check safely, or strings built that could grow past the bounds of one value
   * or one query ({@code StringGrowth}).
   */
  TOO_COMPLEX
}
