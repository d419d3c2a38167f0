package io.codemode4j.warehouse;

/**
 * How the values of one result column become JSON, decided once per column from its SQL type
 * ({@link ValueMapping#kind}); the rules are the query tool's typing text.
 */
public enum ValueKind {
  /** true or false. */
  BOOLEAN,
  /** A JSON number, exact: integers up to 64 bits. */
  INTEGER,
  /** A JSON number; NaN and the infinities as the strings "NaN", "Infinity", "-Infinity". */
  FLOAT,
  /** A string with the exact digits of a decimal: {@code "1234.50"}. */
  EXACT,
  /** A string with the exact digits of an integer wider than 64 bits. */
  WIDE_INTEGER,
  /** {@code YYYY-MM-DD}. */
  DATE,
  /** ISO-8601 local time. */
  TIME,
  /** ISO-8601 local date and time. */
  TIMESTAMP,
  /** ISO-8601 date and time with its offset. */
  TIMESTAMP_WITH_TIME_ZONE,
  /** base64. */
  BINARY,
  /** A list, struct or map: arrays and objects whose elements follow these rules by their class. */
  NESTED,
  /** The database's own text. */
  TEXT
}
