package io.codemode4j.bridge.internal.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.codemode4j.bridge.internal.engine.EngineFailure.Signals;
import org.junit.jupiter.api.Test;

class EngineFailureTest {

  private static final String FRAMES = "Maximum frame limit of 1000 exceeded. Frame limit";

  /** GraalJS's message for its own CPU limit, which the sandbox no longer sets (PassMeter does). */
  private static final String CPU = "Maximum CPU time limit of 10000ms exceeded.";

  private static Signals exhausted(String message) {
    return new Signals(false, true, false, false, false, false, message);
  }

  private static Signals cancelled() {
    return new Signals(false, false, true, false, false, false, "Execution got cancelled.");
  }

  @Test
  void ofResourceExhaustion_frameLimitMessage_isStackAndAnyOtherNamesNone() {
    assertThat(EngineFailure.ofResourceExhaustion(FRAMES)).isEqualTo(EngineFailure.STACK);
    assertThat(EngineFailure.ofResourceExhaustion(CPU)).isNull();
    assertThat(EngineFailure.ofResourceExhaustion("Out of stack")).isNull();
  }

  @Test
  void classify_syntaxError_isSyntax() {
    assertThat(
            EngineFailure.classify(
                new Signals(true, false, false, false, false, false, "Expected }"), true, true))
        .isEqualTo(EngineFailure.SYNTAX);
  }

  @Test
  void classify_resourceExhaustedAfterTheAllocationBudget_isMemoryWhateverTheMessage() {
    assertThat(EngineFailure.classify(exhausted(CPU), true, true)).isEqualTo(EngineFailure.MEMORY);
    assertThat(EngineFailure.classify(cancelled(), true, false)).isEqualTo(EngineFailure.MEMORY);
  }

  @Test
  void classify_frameLimitMessage_isStackEvenWithTheCpuBudgetSpent() {
    assertThat(EngineFailure.classify(exhausted(FRAMES), false, true))
        .isEqualTo(EngineFailure.STACK);
  }

  @Test
  void classify_cancellationOrExhaustionWithTheCpuBudgetSpent_isCpu() {
    assertThat(EngineFailure.classify(exhausted(CPU), false, true)).isEqualTo(EngineFailure.CPU);
    assertThat(EngineFailure.classify(cancelled(), false, true)).isEqualTo(EngineFailure.CPU);
  }

  @Test
  void classify_otherExhaustion_isOtherResource() {
    assertThat(EngineFailure.classify(exhausted("Out of memory"), false, false))
        .isEqualTo(EngineFailure.OTHER_RESOURCE);
  }

  @Test
  void classify_cancelledOrInterrupted_isStopped() {
    assertThat(EngineFailure.classify(cancelled(), false, false)).isEqualTo(EngineFailure.STOPPED);
    assertThat(
            EngineFailure.classify(
                new Signals(false, false, false, true, false, false, "interrupted"), false, false))
        .isEqualTo(EngineFailure.STOPPED);
  }

  @Test
  void classify_hostInternalAndGuestExceptions_areToldApart() {
    assertThat(
            EngineFailure.classify(
                new Signals(false, false, false, false, true, true, "NPE"), false, false))
        .isEqualTo(EngineFailure.HOST);
    assertThat(
            EngineFailure.classify(
                new Signals(false, false, false, false, false, true, "bug"), false, false))
        .isEqualTo(EngineFailure.ENGINE_INTERNAL);
    assertThat(
            EngineFailure.classify(
                new Signals(false, false, false, false, false, false, "Error: boom"), false, true))
        .isEqualTo(EngineFailure.THROWN);
  }
}
