package io.codemode4j.warehouse;

import static org.assertj.core.api.Assertions.assertThat;

import io.codemode4j.bridge.CodeExecutionLimits;
import io.codemode4j.bridge.CodeMode;
import io.codemode4j.bridge.Isolation;
import io.codemode4j.bridge.outcome.PassFailure;
import io.codemode4j.bridge.outcome.PassOutcome;
import io.codemode4j.bridge.outcome.PassSuccess;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.params.AfterParameterizedClassInvocation;
import org.junit.jupiter.params.BeforeParameterizedClassInvocation;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The database's adversarial corpus, back to back on one CodeMode per backend over the sample with
 * the default caps but for the engine's resources ({@link Backend#openForCorpus}) and the pass's
 * wall time ({@link #limits}): every program ends with its expected outcome on that engine, and a
 * benign pass is answered correctly afterwards.
 *
 * <p>Decided: every backend runs the corpus on the in-process executor, and DuckDB on the
 * worker-process executor too. The executor decides where the program runs, not where its queries
 * run (the handlers, and the engine's client, stay in this process either way), so the worker pass
 * over one engine covers what the other engines would repeat.
 */
@ParameterizedClass(name = "{0} {1}")
@MethodSource("runs")
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class HostileQueriesIT {

  /**
   * A pass ends before a query's 10 s timeout, so passes outlive no query but their own. Trino gets
   * twice DuckDB's and PostgreSQL's 4 s: it delivers the corpus's widest rows (1 MiB of 20,000
   * characters each, four calls at once) in 3 to 6.5 s at load 16 to 19 on two cores, where the
   * other two take under 2 s. MariaDB gets Trino's 8 s: its driver reads a whole result before the
   * warehouse counts its bytes, so the four calls compute and send their 1,000 rows of 20,000
   * characters each in full, and ran past 4 s at load 5 on two cores.
   */
  private static CodeExecutionLimits limits(Backend backend) {
    Duration wall =
        switch (backend) {
          case DUCKDB, POSTGRESQL, MARIADB -> Duration.ofSeconds(4);
          case TRINO -> Duration.ofSeconds(8);
        };
    return CodeExecutionLimits.defaults().withMaxWallTime(wall).withMaxHostCalls(16);
  }

  static Stream<Arguments> runs() {
    return Stream.concat(
        Stream.of(Backend.values()).map(b -> Arguments.of(b, Isolation.inProcess())),
        Stream.of(Arguments.of(Backend.DUCKDB, new Isolation.Process(2, 256))));
  }

  @Parameter(0)
  Backend backend;

  @Parameter(1)
  Isolation isolation;

  private Warehouse warehouse;
  private CodeMode codeMode;

  @BeforeParameterizedClassInvocation
  void open() throws WarehouseException {
    warehouse = backend.openForCorpus();
    codeMode =
        WarehouseTools.of(warehouse)
            .installInto(CodeMode.builder())
            .limits(limits(backend))
            .isolation(isolation)
            .build();
    // Each program is measured against its own end, not the engine's first pass (about a second
    // here, several on a loaded machine), which would otherwise eat into the first program's wall.
    codeMode.warmUp(2);
  }

  @AfterParameterizedClassInvocation
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
    HostileQuery.Expectation expected = program.on(backend);

    PassOutcome outcome = codeMode.run(program.source(), Programs.run(Programs.UNCONFINED));

    if (expected.expect().equals("ok")) {
      assertThat(outcome).as(program.name() + ": " + outcome).isInstanceOf(PassSuccess.class);
      if (expected.result() != null) {
        assertThat(((PassSuccess) outcome).result().toString())
            .as(program.name())
            .isEqualTo(expected.result());
      }
      return;
    }
    assertThat(outcome).as(program.name() + ": " + outcome).isInstanceOf(PassFailure.class);
    PassFailure failure = (PassFailure) outcome;
    assertThat(failure.kind().wireName())
        .as(program.name() + ": " + failure.message())
        .isEqualTo(expected.expect());
    if (expected.message() != null) {
      assertThat(failure.message()).as(program.name()).contains(expected.message());
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
