package io.codemode4j.sql;

import java.util.Objects;

/**
 * Why and where a query was refused.
 *
 * @param reason the reason code
 * @param element the offending element as written or normalised (a table, function, keyword ...);
 *     empty when the refusal is about the whole text
 * @param line 1-based line of the element in the submitted SQL
 * @param column 1-based column of the element in the submitted SQL
 * @param message what was refused and what is allowed instead, e.g. {@code table 'payroll' is not
 *     allowlisted (allowed: customers, invoice_lines, invoices, invoice_summary)}
 */
public record SqlRefusal(
    RefusalReason reason, String element, int line, int column, String message) {

  public SqlRefusal {
    Objects.requireNonNull(reason, "reason");
    Objects.requireNonNull(element, "element");
    Objects.requireNonNull(message, "message");
    if (line < 1 || column < 1) {
      throw new IllegalArgumentException("line and column are 1-based, got " + line + ":" + column);
    }
  }
}
