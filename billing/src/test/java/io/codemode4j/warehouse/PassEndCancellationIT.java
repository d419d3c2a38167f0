package io.codemode4j.warehouse;

import static org.assertj.core.api.Assertions.assertThat;

import io.codemode4j.bridge.CodeExecutionLimits;
import io.codemode4j.bridge.CodeMode;
import io.codemode4j.bridge.Isolation;
import io.codemode4j.bridge.outcome.FailureKind;
import io.codemode4j.bridge.outcome.PassOutcome;
import io.codemode4j.engine.duckdb.DuckDbLimits;
import io.codemode4j.engine.duckdb.DuckDbReadOnly;
import io.codemode4j.warehouse.billing.BillingSample;
import java.time.Duration;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A pass that ends while its query runs cancels the statement: the warehouse's only connection is
 * free for the next query at once, on both executors.
 */
class PassEndCancellationIT {

  /**
   * How late the next query may answer after the pass ended: the watchdog's 20 ms period, DuckDB
   * seeing the cancel at its next vector (measured: 450 ms for the join, whose vectors each probe
   * 150,000 rows; a vector of the widest strings about as long, since no value may exceed the
   * allowlist's bounds), and a loaded machine. Far below the 30 s a query waits for a pooled
   * connection, so a connection left to its running statement fails the test.
   */
  private static final Duration FREED_WITHIN = Duration.ofSeconds(3);

  /** The widest values the allowlist lets a query build, over every line: CPU-bound per row. */
  private static final String WIDEST_SQL =
      "SELECT sum(length(replace(lpad(product, 10000, 'x'), 'x', 'xx'))) AS n FROM invoice_lines";

  static Stream<Arguments> executorsAndSlowQueries() {
    return Stream.of(Isolation.inProcess(), new Isolation.Process(1, 256))
        .flatMap(
            isolation ->
                Stream.of(
                    Arguments.of(isolation, WarehouseToolsIT.SLOW_SQL),
                    Arguments.of(isolation, WIDEST_SQL)));
  }

  @ParameterizedTest(name = "{0} {1}")
  @MethodSource("executorsAndSlowQueries")
  void run_passEndsWhileItsQueryRuns_freesTheConnectionForTheNextQueryAtOnce(
      Isolation isolation, String slowSql) throws Exception {
    try (Warehouse warehouse =
            Warehouse.builder(BillingSample.allowlist())
                .jdbcUrl(DuckDbReadOnly.url(TestWarehouse.bundledFile(), DuckDbLimits.defaults()))
                .poolSize(1)
                .queryTimeout(Duration.ofMinutes(1))
                .build();
        CodeMode codeMode =
            WarehouseTools.of(warehouse)
                .installInto(CodeMode.builder())
                .limits(CodeExecutionLimits.defaults().withMaxWallTime(Duration.ofSeconds(1)))
                .isolation(isolation)
                .build()) {
      PassOutcome outcome =
          codeMode.run(
              "async () => warehouse.query({sql: " + Programs.js(slowSql) + "})",
              Programs.run(Programs.UNCONFINED));
      long ended = System.nanoTime();
      QueryResult next =
          warehouse.query("SELECT count(*) AS n FROM customers", warehouse.unscoped());
      Duration freedAfter = Duration.ofNanos(System.nanoTime() - ended);

      assertThat(Programs.failure(outcome).kind()).isEqualTo(FailureKind.TIMEOUT);
      assertThat(next.rows().get(0).get("n").asLong()).isEqualTo(500);
      System.out.printf(
          "%s: the next query answered %d ms after the pass ended (%s)%n",
          isolation, freedAfter.toMillis(), slowSql);
      assertThat(freedAfter).isLessThan(FREED_WITHIN);
    }
  }
}
