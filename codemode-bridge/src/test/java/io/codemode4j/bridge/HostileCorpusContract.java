package io.codemode4j.bridge;

import static org.assertj.core.api.Assertions.assertThat;

import io.codemode4j.bridge.outcome.PassOutcome;
import io.codemode4j.bridge.outcome.PassSuccess;
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
 * The adversarial corpus, back to back on one CodeMode: every program ends with its expected typed
 * outcome, programs that probe for leaked state run twice, and the host answers a benign pass
 * afterwards. Run once per executor by its subclasses.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
abstract class HostileCorpusContract {

  /**
   * Wall time well above CPU time, so a CPU loop meets its CPU limit first even on a loaded
   * machine.
   */
  static final CodeExecutionLimits LIMITS =
      CodeExecutionLimits.defaults()
          .withMaxWallTime(Duration.ofSeconds(4))
          .withMaxCpuTime(Duration.ofSeconds(1))
          .withMaxAllocatedBytes(64L * 1024 * 1024)
          .withMaxStackFrames(500)
          .withMaxLogBytes(8 * 1024)
          .withMaxHostCalls(16)
          .withMaxHostCallBytes(64 * 1024);

  private final CodeMode codeMode;

  HostileCorpusContract(Isolation isolation) {
    this.codeMode = new TestTools().codeMode().limits(LIMITS).isolation(isolation).build();
    codeMode.warmUp(3);
  }

  @AfterAll
  void close() {
    codeMode.close();
  }

  static List<HostileProgram> corpus() {
    return HostileProgram.corpus();
  }

  @Test
  @Order(0)
  void corpus_hasAtLeastEightyPrograms() {
    assertThat(corpus()).hasSizeGreaterThanOrEqualTo(80);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("corpus")
  @Order(1)
  void run_hostileProgram_endsWithItsExpectedOutcome(HostileProgram program) {
    int runs = program.probesLeaks() ? 2 : 1;
    for (int i = 0; i < runs; i++) {
      HostileOutcomes.assertExpected(program, codeMode.run(program.source(), TestTools.run()));
    }
  }

  @Test
  @Order(2)
  void run_afterTheWholeCorpus_aBenignPassIsAnsweredCorrectly() {
    PassOutcome outcome =
        codeMode.run(
            "async () => (await Promise.all([t.echo({value: 20}), t.echo({value: 22})])).reduce((s, r) => s + r.value, 0)",
            TestTools.run());
    assertThat(outcome)
        .isInstanceOfSatisfying(
            PassSuccess.class, s -> assertThat(s.result().asInt()).isEqualTo(42));
  }
}
