package io.codemode4j.warehouse.engine;

import java.util.Objects;

/**
 * What the query tool tells the model about an engine's types, in the engine's own type names: the
 * JSON type each SQL type comes back as, and what the engine's SUM, AVG and division return.
 *
 * @param exactValues a clause naming the types that come back as strings with the exact digits
 * @param rows the documentation of a result's {@code rows}, one rule per line
 * @param typeExamples examples of {@code columns[].type}: {@code e.g. text, int8, numeric, date}
 */
public record QueryTyping(String exactValues, String rows, String typeExamples) {

  /**
   * The rules in SQL's standard type names, for a warehouse whose engine is not known (a host's own
   * data source of an engine no module serves).
   */
  public static final QueryTyping STANDARD =
      new QueryTyping(
          "DECIMAL and NUMERIC are strings with the exact digits",
          """
          One object per row, keyed by column name (a repeated name gets a suffix: region_2). A value's JSON type \
          follows its column's SQL type (columns[].type, the database's name for it), never the value:
          - BOOLEAN is true or false.
          - SMALLINT, INTEGER, BIGINT, REAL and DOUBLE are numbers; a NaN or infinite REAL or DOUBLE is the \
          string "NaN", "Infinity" or "-Infinity".
          - DECIMAL and NUMERIC are strings with the exact digits, e.g. "1234.50". Add money in SQL, or as \
          integer cents (Number is exact below 2^53) or BigInt, never with parseFloat; return amounts as strings.
          - DATE is "YYYY-MM-DD"; TIMESTAMP and TIME are ISO-8601 ("2025-01-31T09:30:00", "09:30:00"); \
          TIMESTAMP WITH TIME ZONE carries its offset.
          - NULL is null; any other type is the database's own text.""",
          "e.g. VARCHAR, BIGINT, DECIMAL(18,2), DATE");

  public QueryTyping {
    Objects.requireNonNull(exactValues, "exactValues");
    Objects.requireNonNull(rows, "rows");
    Objects.requireNonNull(typeExamples, "typeExamples");
  }
}
