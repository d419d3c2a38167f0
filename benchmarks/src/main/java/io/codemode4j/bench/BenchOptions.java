package io.codemode4j.bench;

import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;

/**
 * How to run the bench.
 *
 * @param quick a smoke run of every scenario with few samples (well under a minute; its numbers are
 *     rough) that measures {@code query_ratio_10m} only when {@code largeData} is given
 * @param largeData the parquet directory of the 10,000,000-invoice set; when empty, a full run
 *     generates it under {@code cacheRoot} once (about two minutes on two cores) and reuses it
 * @param cacheRoot where prepared DuckDB files, the bundled data and the generated set live
 * @param home the repository root, with the {@code codemode} launcher and {@code examples/};
 *     without it the cold-start and model-visible-bytes metrics are not measured
 * @param configured where to measure {@code query_ratio_config} and {@code
 *     query_overhead_config_ms} (a warehouse a description configures), or null to report them not
 *     measured
 * @param progress receives one line per step, for a person watching
 */
public record BenchOptions(
    boolean quick,
    Optional<Path> largeData,
    Path cacheRoot,
    Optional<Path> home,
    @Nullable ConfiguredQuery configured,
    Consumer<String> progress) {

  public BenchOptions {
    Objects.requireNonNull(largeData, "largeData");
    Objects.requireNonNull(cacheRoot, "cacheRoot");
    Objects.requireNonNull(home, "home");
    Objects.requireNonNull(progress, "progress");
  }
}
