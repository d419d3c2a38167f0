package io.codemode4j.sql;

import java.util.Objects;
import java.util.Set;

/**
 * A query that passed the allowlist, ready to execute.
 *
 * @param sql the engine's SQL rendered from the approved (and, for a tenant, rewritten) tree; it
 *     fetches at most {@code maxRows + 1} rows. Execute this, never the submitted text.
 * @param maxRows the caller's row limit; a result with more rows than this was truncated
 * @param tables the allowlisted tables and views the query names, lowercase (CTE names excluded; a
 *     tenant filter may also read a parent table, e.g. orders for order_lines)
 */
public record ApprovedQuery(String sql, int maxRows, Set<String> tables) {

  public ApprovedQuery {
    Objects.requireNonNull(sql, "sql");
    tables = Set.copyOf(tables);
    if (maxRows < 1) {
      throw new IllegalArgumentException("maxRows must be positive, got " + maxRows);
    }
  }
}
