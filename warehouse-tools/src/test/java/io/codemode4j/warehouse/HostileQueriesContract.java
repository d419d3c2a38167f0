package io.codemode4j.warehouse;

import static org.assertj.core.api.Assertions.assertThat;

import io.codemode4j.bridge.CodeExecutionLimits;
import io.codemode4j.bridge.CodeMode;
import io.codemode4j.bridge.Isolation;
import io.codemode4j.bridge.outcome.PassFailure;
import io.codemode4j.bridge.outcome.PassOutcome;
import io.codemode4j.bridge.outcome.PassSuccess;
import io.codemode4j.warehouse.billing.BillingSample;
import io.codemode4j.warehouse.duckdb.DuckDbLimits;
import io.codemode4j.warehouse.duckdb.DuckDbReadOnly;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The database's adversarial corpus, back to back on one CodeMode over the bundled warehouse with
 * the default caps but for DuckDB's memory: every program ends with its expected outcome, and a
 * benign pass is answered correctly afterwards. Run once per executor by its subclasses.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
abstract class HostileQueriesContract {

  /** A pass ends long before a query's 10 s timeout, so passes outlive no query but their own. */
  static final CodeExecutionLimits LIMITS =
      CodeExecutionLimits.defaults().withMaxWallTime(Duration.ofSeconds(4)).withMaxHostCalls(16);

  private final Warehouse warehouse;
  private final CodeMode codeMode;

  HostileQueriesContract(Isolation isolation) throws WarehouseException {
    this.warehouse = HostileQueriesContract.warehouse();
    this.codeMode =
        WarehouseTools.of(warehouse)
            .installInto(CodeMode.builder())
            .limits(LIMITS)
            .isolation(isolation)
            .build();
  }

  /**
   * DuckDB's memory_limit of the corpus's warehouse: low, so that the aggregated strings DuckDB
   * counts against it fail within a pass instead of after the bundled default's gigabyte.
   */
  static final DuckDbLimits DUCKDB = new DuckDbLimits("256MB", 2, "0GB");

  /** The bundled data behind the billing sample's allowlist, four connections, {@link #DUCKDB}. */
  static Warehouse warehouse() throws WarehouseException {
    return Warehouse.builder(BillingSample.allowlist())
        .jdbcUrl(DuckDbReadOnly.url(TestWarehouse.bundledFile(), DUCKDB))
        .poolSize(4)
        .build();
  }

  @AfterAll
  void close() {
    codeMode.close();
    warehouse.close();
  }

  static List<HostileQuery> corpus() {
    return HostileQuery.corpus();
  }

  @Test
  @Order(0)
  void corpus_hasAtLeastTwelvePrograms() {
    assertThat(corpus()).hasSizeGreaterThanOrEqualTo(12);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("corpus")
  @Order(1)
  void run_hostileQuery_endsWithItsExpectedOutcome(HostileQuery program) {
    PassOutcome outcome = codeMode.run(program.source(), Programs.run(Programs.UNCONFINED));
    if (program.expect().equals("ok")) {
      assertThat(outcome).as(program.name() + ": " + outcome).isInstanceOf(PassSuccess.class);
      if (program.result() != null) {
        assertThat(((PassSuccess) outcome).result().toString())
            .as(program.name())
            .isEqualTo(program.result());
      }
      return;
    }
    assertThat(outcome).as(program.name() + ": " + outcome).isInstanceOf(PassFailure.class);
    PassFailure failure = (PassFailure) outcome;
    assertThat(failure.kind().wireName())
        .as(program.name() + ": " + failure.message())
        .isEqualTo(program.expect());
    if (program.message() != null) {
      assertThat(failure.message()).as(program.name()).contains(program.message());
    }
  }

  @Test
  @Order(2)
  void run_afterTheWholeCorpus_aBenignPassIsAnsweredCorrectly() {
    PassOutcome outcome =
        codeMode.run(
            "async () => (await Promise.all([0, 1, 2, 3].map(() => warehouse.query({sql: 'SELECT count(*) AS n FROM customers'})))).reduce((s, r) => s + r.rows[0].n, 0)",
            Programs.run(Programs.UNCONFINED));
    assertThat(outcome)
        .isInstanceOfSatisfying(
            PassSuccess.class, s -> assertThat(s.result().asInt()).isEqualTo(2_000));
  }
}
