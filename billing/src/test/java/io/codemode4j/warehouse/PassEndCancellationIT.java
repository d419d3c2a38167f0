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
 * free for the next query, on both executors.
 *
 * <p>Decided: no bound on how soon. Each query here runs for days unless cancelled (every row of
 * invoices crossed with a join or with the widest strings the allowlist lets a query build, summed
 * so that no optimizer can count it without computing it), so the next query on the pool's one
 * connection answers only if the statement was cancelled; a statement left running makes it wait
 * out the pool's 30 s and fail.
 */
class PassEndCancellationIT {

  /** An inequality join of every line with every line, for every invoice. */
  private static final String ENDLESS_JOIN_SQL =
      "SELECT sum(c.amount_cents) AS n FROM invoice_lines a JOIN invoice_lines b"
          + " ON a.quantity + b.quantity < a.line_no CROSS JOIN invoices c";

  /** The widest values the allowlist lets a query build, over every line, for every invoice. */
  private static final String ENDLESS_WIDEST_SQL =
      "SELECT sum(length(replace(lpad(a.product, 10000, 'x'), 'x', 'xx')) + c.amount_cents) AS n"
          + " FROM invoice_lines a CROSS JOIN invoices c";

  static Stream<Arguments> executorsAndEndlessQueries() {
    return Stream.of(Isolation.inProcess(), new Isolation.Process(1, 256))
        .flatMap(
            isolation ->
                Stream.of(
                    Arguments.of(isolation, ENDLESS_JOIN_SQL),
                    Arguments.of(isolation, ENDLESS_WIDEST_SQL)));
  }

  @ParameterizedTest(name = "{0} {1}")
  @MethodSource("executorsAndEndlessQueries")
  void run_passEndsWhileItsQueryRuns_freesTheConnectionForTheNextQuery(
      Isolation isolation, String endlessSql) throws Exception {
    try (Warehouse warehouse =
            Warehouse.builder(BillingSample.allowlist())
                .jdbcUrl(DuckDbReadOnly.url(TestWarehouse.bundledFile(), DuckDbLimits.defaults()))
                .poolSize(1)
                .queryTimeout(Duration.ofHours(1))
                .build();
        CodeMode codeMode =
            WarehouseTools.of(warehouse)
                .installInto(CodeMode.builder())
                .limits(CodeExecutionLimits.defaults().withMaxWallTime(Duration.ofSeconds(1)))
                .isolation(isolation)
                .build()) {
      PassOutcome outcome =
          codeMode.run(
              "async () => warehouse.query({sql: " + Programs.js(endlessSql) + "})",
              Programs.run(Programs.UNCONFINED));
      QueryResult next =
          warehouse.query("SELECT count(*) AS n FROM customers", warehouse.unscoped());

      assertThat(Programs.failure(outcome).kind()).isEqualTo(FailureKind.TIMEOUT);
      assertThat(next.rows().get(0).get("n").asLong()).isEqualTo(500);
    }
  }
}
