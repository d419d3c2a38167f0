package io.codemode4j.sql;

import java.util.Objects;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * How one query may run: whose rows it sees, and how many rows its caller keeps.
 *
 * <p>Decided: a value class with two factories rather than a record with an {@code
 * Optional<Tenant>} component, so "every row" is said by name ({@link #unscoped}) and no caller
 * passes an {@code Optional} around. It is a key of the approval cache, hence {@code equals}.
 */
public final class QueryPolicy {

  public static final int MAX_ROWS_LIMIT = 1_000_000;

  /** {@code null} when the query sees every row. */
  private final @Nullable Tenant tenant;

  private final int maxRows;

  private QueryPolicy(@Nullable Tenant tenant, int maxRows) {
    if (maxRows < 1 || maxRows > MAX_ROWS_LIMIT) {
      throw new IllegalArgumentException(
          "maxRows must be between 1 and " + MAX_ROWS_LIMIT + ", got " + maxRows);
    }
    this.tenant = tenant;
    this.maxRows = maxRows;
  }

  /** Every row visible, at most {@code maxRows} (1..1,000,000) returned. */
  public static QueryPolicy unscoped(int maxRows) {
    return new QueryPolicy(null, maxRows);
  }

  /**
   * Only {@code tenant}'s rows visible: every table reference is rewritten to them; at most {@code
   * maxRows} (1..1,000,000) returned.
   */
  public static QueryPolicy forTenant(Tenant tenant, int maxRows) {
    return new QueryPolicy(Objects.requireNonNull(tenant, "tenant"), maxRows);
  }

  /** The tenant whose rows the query sees; empty when it sees every row. */
  public Optional<Tenant> tenant() {
    return Optional.ofNullable(tenant);
  }

  /**
   * The most rows the caller will return; the approved SQL fetches at most {@code maxRows + 1} rows
   * so the caller can tell the result was truncated.
   */
  public int maxRows() {
    return maxRows;
  }

  @Override
  public boolean equals(@Nullable Object other) {
    return other instanceof QueryPolicy that
        && maxRows == that.maxRows
        && Objects.equals(tenant, that.tenant);
  }

  @Override
  public int hashCode() {
    return 31 * Objects.hashCode(tenant) + maxRows;
  }

  @Override
  public String toString() {
    return "QueryPolicy[" + (tenant == null ? "every row" : tenant) + ", maxRows=" + maxRows + "]";
  }
}
