package io.codemode4j.warehouse;

import static org.assertj.core.api.Assertions.assertThat;

import io.codemode4j.bridge.CodeExecutionLimits;
import io.codemode4j.bridge.CodeMode;
import io.codemode4j.bridge.Isolation;
import io.codemode4j.bridge.Poll;
import io.codemode4j.bridge.TestTools;
import io.codemode4j.bridge.outcome.PassOutcome;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;
import org.junit.jupiter.api.parallel.Isolated;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The worst database work the limits allow, all at once: the resident memory of this JVM (which
 * runs the handlers and DuckDB) and its worker processes stays under a bound that follows from the
 * limits, on both executors.
 */
// Alone (no other class of this module beside it, issue 32): it measures the RSS of the whole JVM
// and reads every query thread of it.
@Isolated
class WorstCaseRssIT {

  private static final long MIB = 1024 * 1024;

  /** Passes at once, each making {@link #WORST_CALLS} calls at once. */
  private static final int PASSES = 3;

  /**
   * The worst calls the allowlist approves: the widest values over every row (outlives the pass),
   * rows of them until the byte limit, the widest aggregated string (a value per row as wide as
   * StringGrowth.MAX_AGGREGATED_CHARS lets it be), and many rows of the widest values until the
   * byte limit.
   */
  private static final List<String> WORST_CALLS =
      List.of(
          "warehouse.query({sql: \"SELECT sum(length(replace(lpad(product, 10000, 'x'), 'x', 'xx'))) AS n FROM invoice_lines\"})",
          "warehouse.query({sql: \"SELECT replace(lpad(product, 10000, 'x'), 'x', 'xx') AS s FROM invoice_lines\", maxRows: 1000})",
          "warehouse.query({sql: \"SELECT length(string_agg(lpad(product, 250, 'x'), ',')) AS n FROM invoice_lines\"})",
          "warehouse.query({sql: \"SELECT lpad(product, 10000, 'a') AS a, lpad(product, 10000, 'b') AS b FROM invoice_lines\", maxRows: 10000})",
          "warehouse.query({sql: `SELECT sum("
              + "length(a) + length(b) + length(c) + length(d) + length(e) + length(f) + length(g) + length(h) + length(i) + length(j)"
              + ") AS n FROM (SELECT "
              + String.join(
                  ", ",
                  Stream.of("a", "b", "c", "d", "e", "f", "g", "h", "i", "j")
                      .map(c -> "lpad(product, 10000, '" + c + "') AS " + c)
                      .toList())
              + " FROM invoice_lines) t`})");

  /**
   * The most characters a query may build per row: the allowlist's StringGrowth.MAX_QUERY_CHARS.
   */
  private static final long ROW_CHARS = 100_000;

  /** DuckDB's string vectors: 2,048 rows each, one per running pipeline. */
  private static final long VECTOR_ROWS = 2_048;

  /**
   * Pipelines running at once: each of the pool's 4 connections runs its query on its own thread
   * plus DuckDB's 2 worker threads, which all connections share.
   */
  private static final long PIPELINES = 4 + 2;

  /**
   * How far the resident memory may rise above what it was before the worst cases started, and why:
   * DuckDB's memory_limit (256 MB, which bounds aggregate states and materialised results); the
   * string vectors DuckDB keeps outside it, each pipeline holding one vector of at most the
   * characters a query may build per row (100,000, all ASCII here: one byte each) plus the widest
   * stored value (product, under 64 bytes) times its 16 copies; the driver's copy of one such chunk
   * per connection as Java strings; each running call's result, at most 1 MiB of JSON, held as
   * Jackson nodes (at most 8 times the text) while it is read; and 512 MiB for the rest of the Java
   * heap's growth over the passes (their contexts and garbage), which G1 gives back lazily.
   */
  static final long RSS_ALLOWANCE =
      256 * MIB
          + PIPELINES * VECTOR_ROWS * (ROW_CHARS + 16 * 64)
          + 4 * VECTOR_ROWS * (ROW_CHARS + 16 * 64)
          + 4 * 8 * Warehouse.DEFAULT_MAX_RESULT_BYTES
          + 512 * MIB;

  static Stream<Isolation> executors() {
    return Stream.of(Isolation.inProcess(), new Isolation.Process(PASSES, 256));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("executors")
  void run_worstCasesAtOnce_keepTheHostsResidentMemoryUnderItsBound(Isolation isolation)
      throws Exception {
    try (Warehouse warehouse = Backend.DUCKDB.openForCorpus();
        CodeMode codeMode =
            WarehouseTools.of(warehouse)
                .installInto(CodeMode.builder())
                .limits(CodeExecutionLimits.defaults().withMaxWallTime(Duration.ofSeconds(6)))
                .isolation(isolation)
                .build()) {
      codeMode.warmUp(PASSES);
      System.gc();
      long baseline = residentBytes();
      AtomicLong peak = new AtomicLong(baseline);
      ScheduledExecutorService sampler =
          Executors.newSingleThreadScheduledExecutor(
              Thread.ofPlatform().name("rss-sampler").daemon().factory());
      sampler.scheduleAtFixedRate(
          () -> peak.accumulateAndGet(residentBytes(), Math::max), 0, 20, TimeUnit.MILLISECONDS);
      String program =
          "async () => (await Promise.allSettled(["
              + String.join(", ", WORST_CALLS)
              + "])).map((r) => r.status === 'fulfilled' ? 'ok' : r.reason.kind)";
      List<PassOutcome> outcomes = new ArrayList<>();
      try (ExecutorService passes = Executors.newFixedThreadPool(PASSES)) {
        List<Future<PassOutcome>> running = new ArrayList<>();
        for (int i = 0; i < PASSES; i++) {
          running.add(
              passes.submit(() -> codeMode.run(program, Programs.run(Programs.UNCONFINED))));
        }
        for (Future<PassOutcome> pass : running) {
          outcomes.add(pass.get());
        }
      }
      // The statements the passes left are cancelled; their last vectors still count, so the
      // sampling goes on until no query thread of the warehouse runs a statement. The warehouse
      // announces no statement's end: poll its threads.
      Poll.until(
          "no warehouse query thread runs a statement", TestTools.PATIENCE, () -> !queryRunning());
      sampler.shutdown();
      assertThat(sampler.awaitTermination(TestTools.PATIENCE.toSeconds(), TimeUnit.SECONDS))
          .isTrue();
      peak.accumulateAndGet(residentBytes(), Math::max);

      System.out.printf(
          "%s: baseline %d MiB, peak %d MiB, rise %d MiB, allowance %d MiB%n",
          isolation,
          baseline / MIB,
          peak.get() / MIB,
          (peak.get() - baseline) / MIB,
          RSS_ALLOWANCE / MIB);
      assertThat(outcomes).hasSize(PASSES);
      assertThat(peak.get() - baseline).isLessThan(RSS_ALLOWANCE);
      assertThat(
              Programs.result(
                      codeMode,
                      "async () => (await warehouse.query({sql: 'SELECT count(*) AS n FROM customers'})).rows[0].n",
                      Programs.UNCONFINED)
                  .asInt())
          .isEqualTo(500);
    }
  }

  /** VmRSS of this JVM and every process it started, in bytes. */
  /** Whether a thread of a warehouse's query pool is inside a statement. */
  private static boolean queryRunning() {
    return Thread.getAllStackTraces().entrySet().stream()
        .filter(e -> e.getKey().getName().startsWith("codemode-warehouse-query-"))
        .anyMatch(
            e ->
                Arrays.stream(e.getValue())
                    .anyMatch(frame -> frame.getMethodName().equals("executeHere")));
  }

  private static long residentBytes() {
    return Stream.concat(Stream.of(ProcessHandle.current()), ProcessHandle.current().descendants())
        .mapToLong(process -> vmRss(process.pid()))
        .sum();
  }

  private static long vmRss(long pid) {
    try {
      for (String line : Files.readAllLines(Path.of("/proc/" + pid + "/status"))) {
        if (line.startsWith("VmRSS:")) {
          return Long.parseLong(line.replaceAll("\\D+", "")) * 1024;
        }
      }
    } catch (IOException | NumberFormatException e) {
      // The process ended between listing and reading.
    }
    return 0;
  }
}
