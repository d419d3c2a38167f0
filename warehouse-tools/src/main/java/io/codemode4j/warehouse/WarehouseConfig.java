package io.codemode4j.warehouse;

import java.time.Duration;
import java.util.Objects;

/**
 * How to reach the warehouse and how far one query may go.
 *
 * <p>The warehouse is named by a JDBC URL, so it is not tied to DuckDB; {@link #duckDb} gives the
 * embedded default, the read-only identity over a prepared DuckDB file.
 *
 * @param jdbcUrl a URL whose connections are read-only by themselves (the pool also marks them
 *     read-only)
 * @param poolSize connections in the pool, 1..64
 * @param queryTimeout default time one query may run before it is cancelled inside the database
 * @param maxRows default row cap of one query, 1..1,000,000
 */
public record WarehouseConfig(String jdbcUrl, int poolSize, Duration queryTimeout, int maxRows) {

  public static final Duration DEFAULT_QUERY_TIMEOUT = Duration.ofSeconds(10);
  public static final int DEFAULT_MAX_ROWS = 10_000;
  public static final int MAX_ROWS_LIMIT = 1_000_000;

  public WarehouseConfig {
    Objects.requireNonNull(jdbcUrl, "jdbcUrl");
    if (!jdbcUrl.startsWith("jdbc:")) {
      throw new IllegalArgumentException("jdbcUrl must start with 'jdbc:', was '" + jdbcUrl + "'");
    }
    if (poolSize < 1 || poolSize > 64) {
      throw new IllegalArgumentException("poolSize must be 1..64, was " + poolSize);
    }
    requireTimeout(queryTimeout);
    requireMaxRows(maxRows);
  }

  /**
   * The read-only DuckDB identity over a file from {@link DuckDbWarehouseFile#prepare}, with
   * defaults.
   */
  public static WarehouseConfig duckDb(java.nio.file.Path databaseFile) {
    return new WarehouseConfig(
        DuckDbWarehouseFile.readOnlyUrl(databaseFile, DuckDbLimits.defaults()),
        4,
        DEFAULT_QUERY_TIMEOUT,
        DEFAULT_MAX_ROWS);
  }

  static Duration requireTimeout(Duration timeout) {
    Objects.requireNonNull(timeout, "queryTimeout");
    if (timeout.isNegative() || timeout.isZero() || timeout.compareTo(Duration.ofHours(1)) > 0) {
      throw new IllegalArgumentException(
          "query timeout must be above 0 and at most 1h, was " + timeout);
    }
    return timeout;
  }

  static int requireMaxRows(int maxRows) {
    if (maxRows < 1 || maxRows > MAX_ROWS_LIMIT) {
      throw new IllegalArgumentException(
          "maxRows must be 1.." + MAX_ROWS_LIMIT + ", was " + maxRows);
    }
    return maxRows;
  }
}
