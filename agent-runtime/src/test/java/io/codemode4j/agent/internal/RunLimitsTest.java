package io.codemode4j.agent.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.codemode4j.agent.AgentLimit;
import io.codemode4j.agent.AgentPolicy;
import io.codemode4j.bridge.RunBudget;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class RunLimitsTest {

  private static final AgentPolicy POLICY =
      new AgentPolicy(3, 40, Duration.ofSeconds(90), 2, 2048, 4096);

  @Test
  void new_budgetOtherThanThePolicys_isRefusedNamingBoth() {
    assertThatThrownBy(() -> new RunLimits(POLICY, RunBudget.of(41), System.nanoTime()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("allows 41 tool calls and its policy maxToolCalls 40");
  }

  @Test
  void startingNow_freshRun_hasThePolicysBudgetAndTimeLeft() {
    RunLimits limits = RunLimits.startingNow(POLICY);

    assertThat(limits.budget().limit()).isEqualTo(40);
    assertThat(limits.budget().remaining()).isEqualTo(40);
    assertThat(limits.pastDeadline()).isFalse();
    assertThat(limits.left()).isPositive().isLessThanOrEqualTo(Duration.ofSeconds(90));
  }

  @Test
  void pastDeadline_deadlineGone_isTrueWithNothingLeftButTheGrace() {
    RunLimits limits = new RunLimits(POLICY, RunBudget.of(40), System.nanoTime() - 1);

    assertThat(limits.pastDeadline()).isTrue();
    assertThat(limits.left()).isZero();
    assertThat(limits.callWaitNanos())
        .isPositive()
        .isLessThanOrEqualTo(TimeUnit.SECONDS.toNanos(2));
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource({
    "MAX_TURNS,         maxTurns (3)",
    "MAX_TOOL_CALLS,    maxToolCalls (40)",
    "MAX_DURATION,      maxDuration (PT1M30S)",
    "MAX_REPLY_BYTES,   maxReplyBytes (2048)",
    "MAX_HISTORY_BYTES, maxHistoryBytes (4096)",
  })
  void named_everyLimit_isItsNameAndValue(AgentLimit limit, String named) {
    assertThat(RunLimits.startingNow(POLICY).named(limit)).isEqualTo(named);
  }

  @ParameterizedTest(name = "{0} bytes")
  @CsvSource({"2047, false", "2048, false", "2049, true"})
  void overReply_bytes_isOverOnlyPastTheLimit(long bytes, boolean over) {
    assertThat(RunLimits.startingNow(POLICY).overReply(bytes)).isEqualTo(over);
  }

  @ParameterizedTest(name = "{0} bytes")
  @CsvSource({"4095, false", "4096, false", "4097, true"})
  void overHistory_bytes_isOverOnlyPastTheLimit(long bytes, boolean over) {
    assertThat(RunLimits.startingNow(POLICY).overHistory(bytes)).isEqualTo(over);
  }

  @Test
  void replyDropped_longReply_namesTheSizeTheLimitAndTheFix() {
    RunLimits limits = RunLimits.startingNow(POLICY);

    assertThat(limits.replyDropped(5000))
        .startsWith(
            "Your last reply was 5000 bytes, over this run's limit of 2048 bytes (maxReplyBytes),"
                + " so it was neither run nor kept.")
        .contains("let SQL aggregate");
    assertThat(RunLimits.replyLeftOut(5000))
        .isEqualTo("[a reply of 5000 bytes, over maxReplyBytes, left out]");
  }

  @Test
  void historyTooLarge_conversation_namesTheSizeAndTheLimit() {
    assertThat(RunLimits.startingNow(POLICY).historyTooLarge(9000))
        .isEqualTo(
            "the conversation is 9000 bytes, over this run's limit of 4096 bytes"
                + " (maxHistoryBytes), even with every earlier tool result left out");
  }
}
