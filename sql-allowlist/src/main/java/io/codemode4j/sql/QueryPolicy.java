package io.codemode4j.sql;

import java.util.Objects;
import java.util.Optional;

/**
 * How one query may run.
 *
 * @param tenant when present, every table reference is rewritten to that tenant's rows; when empty,
 *     the query sees every row
 * @param maxRows the most rows the caller will return, 1..1,000,000; the approved SQL fetches at
 *     most {@code maxRows + 1} rows so the caller can tell the result was truncated
 */
public record QueryPolicy(Optional<Tenant> tenant, int maxRows) {

  public static final int MAX_ROWS_LIMIT = 1_000_000;

  public QueryPolicy {
    Objects.requireNonNull(tenant, "tenant");
    if (maxRows < 1 || maxRows > MAX_ROWS_LIMIT) {
      throw new IllegalArgumentException(
          "maxRows must be between 1 and " + MAX_ROWS_LIMIT + ", got " + maxRows);
    }
  }

  /** Every row visible, at most {@code maxRows} returned. */
  public static QueryPolicy unscoped(int maxRows) {
    return new QueryPolicy(Optional.empty(), maxRows);
  }

  /** Only {@code tenant}'s rows visible, at most {@code maxRows} returned. */
  public static QueryPolicy forTenant(Tenant tenant, int maxRows) {
    return new QueryPolicy(Optional.of(tenant), maxRows);
  }
}
