package io.codemode4j.warehouse.engine;

import java.sql.SQLException;

/**
 * What of a driver's error is shown to a caller: the one rule every engine and the warehouse use.
 *
 * <p>Decided: only the first line. DuckDB's and PostgreSQL's first line names the column, the
 * conversion or the limit to fix; the lines after it are context (a caret under the statement, a
 * stack of the engine's own frames) that costs a model tokens and says nothing it can act on.
 */
public final class JdbcMessages {

  private JdbcMessages() {}

  /** The first line of {@code e}'s message, stripped; a sentence saying so when it has none. */
  public static String firstLine(SQLException e) {
    String message =
        e.getMessage() == null || e.getMessage().isBlank()
            ? "the database failed without a message"
                + (e.getSQLState() == null ? "" : " (SQLSTATE " + e.getSQLState() + ")")
            : e.getMessage();
    return message.lines().findFirst().orElse(message).strip();
  }
}
