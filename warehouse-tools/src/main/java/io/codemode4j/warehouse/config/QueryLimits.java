package io.codemode4j.warehouse.config;

import io.codemode4j.warehouse.Warehouse;
import java.time.Duration;
import java.util.Objects;

/**
 * The limits of one query, as {@link Warehouse.Builder} takes them.
 *
 * @param maxRows the row cap, 1..{@value Warehouse#MAX_ROWS_LIMIT}
 * @param maxResultBytes the most UTF-8 bytes of JSON one result may have
 * @param queryTimeout how long one query may run, above 0 and at most 1 h
 */
public record QueryLimits(int maxRows, int maxResultBytes, Duration queryTimeout) {

  /** The warehouse's own defaults. */
  public static final QueryLimits DEFAULTS =
      new QueryLimits(
          Warehouse.DEFAULT_MAX_ROWS,
          Warehouse.DEFAULT_MAX_RESULT_BYTES,
          Warehouse.DEFAULT_QUERY_TIMEOUT);

  public QueryLimits {
    Objects.requireNonNull(queryTimeout, "queryTimeout");
    if (maxRows < 1 || maxRows > Warehouse.MAX_ROWS_LIMIT) {
      throw new IllegalArgumentException(
          "maxRows must be 1.." + Warehouse.MAX_ROWS_LIMIT + ", was " + maxRows);
    }
    if (maxResultBytes < Warehouse.MIN_RESULT_BYTES
        || maxResultBytes > Warehouse.MAX_RESULT_BYTES) {
      throw new IllegalArgumentException(
          "maxResultBytes must be "
              + Warehouse.MIN_RESULT_BYTES
              + ".."
              + Warehouse.MAX_RESULT_BYTES
              + ", was "
              + maxResultBytes);
    }
    if (queryTimeout.isNegative()
        || queryTimeout.isZero()
        || queryTimeout.compareTo(Duration.ofHours(1)) > 0) {
      throw new IllegalArgumentException(
          "queryTimeout must be above 0 and at most 1h, was " + queryTimeout);
    }
  }

  /** These limits with another result byte limit. */
  public QueryLimits withMaxResultBytes(int maxResultBytes) {
    return new QueryLimits(maxRows, maxResultBytes, queryTimeout);
  }
}
