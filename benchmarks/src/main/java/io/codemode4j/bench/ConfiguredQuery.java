package io.codemode4j.bench;

import com.zaxxer.hikari.HikariConfig;
import io.codemode4j.sql.SqlRefusedException;
import io.codemode4j.warehouse.Warehouse;
import java.util.Objects;

/**
 * A query on a warehouse a description configures ({@code codemode bench --config}), timed as a
 * whole pass against plain JDBC on the same database ({@code query_ratio_config}).
 *
 * <p>Decided: the baseline connects with the pool configuration the warehouse's engine gives its
 * own reader pool (the same URL, identity, read-only session and driver options), and runs the SQL
 * exactly as the allowlist approved and rendered it for the pass, so the two sides differ by Code
 * Mode alone: the sandbox, the broker, the allowlist's check and the JSON of the result.
 *
 * @param subject what the report calls the warehouse: the description's subject and its engine
 * @param warehouse the warehouse the description opened; the caller closes it
 * @param plainPool the engine's reader pool configuration for that same database
 * @param sql the query a program sends, as an analyst would write it
 */
public record ConfiguredQuery(
    String subject, Warehouse warehouse, HikariConfig plainPool, String sql) {

  public ConfiguredQuery {
    Objects.requireNonNull(subject, "subject");
    Objects.requireNonNull(warehouse, "warehouse");
    Objects.requireNonNull(plainPool, "plainPool");
    Objects.requireNonNull(sql, "sql");
    if (sql.isBlank()) {
      throw new IllegalArgumentException("the configured query is blank: give the SQL to time");
    }
  }

  /**
   * The SQL as the allowlist approves and renders it for an unconfined reader: the text the
   * warehouse sends the database, which the baseline runs as it is.
   *
   * @throws SqlRefusedException when the allowlist refuses {@link #sql()}, saying why
   */
  public String approvedSql() throws SqlRefusedException {
    return warehouse.allowlist().approve(sql, warehouse.unscoped()).sql();
  }
}
