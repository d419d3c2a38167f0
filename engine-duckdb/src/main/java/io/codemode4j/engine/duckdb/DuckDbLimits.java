package io.codemode4j.engine.duckdb;

import java.util.Objects;
import java.util.regex.Pattern;

/**
 * Resource caps of the read-only DuckDB identity, applied when its connections open and locked
 * there.
 *
 * @param memoryLimit DuckDB's {@code memory_limit}, e.g. {@code 1GB}
 * @param threads DuckDB's worker threads for one query, 1..256
 * @param maxTempDirectorySize DuckDB's {@code max_temp_directory_size}; with external access
 *     disabled the read-only identity cannot spill anyway, so the default is {@code 0GB}
 */
public record DuckDbLimits(String memoryLimit, int threads, String maxTempDirectorySize) {

  private static final Pattern SIZE =
      Pattern.compile("[0-9]+(\\.[0-9]+)?\\s*(B|KB|MB|GB|TB|KiB|MiB|GiB|TiB)");

  public DuckDbLimits {
    requireSize("memoryLimit", memoryLimit);
    requireSize("maxTempDirectorySize", maxTempDirectorySize);
    if (threads < 1 || threads > 256) {
      throw new IllegalArgumentException("threads must be 1..256, was " + threads);
    }
  }

  /** 1 GB of memory, two threads (the machines have two cores), no spilling. */
  public static DuckDbLimits defaults() {
    return new DuckDbLimits("1GB", 2, "0GB");
  }

  private static void requireSize(String field, String value) {
    Objects.requireNonNull(value, field);
    if (!SIZE.matcher(value).matches()) {
      throw new IllegalArgumentException(
          field + " must be a size like 512MB or 2GB, was '" + value + "'");
    }
  }
}
