package io.codemode4j.agent;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class AgentLimitTest {

  private static final AgentPolicy POLICY =
      new AgentPolicy(3, 40, Duration.ofSeconds(90), 2, 2048, 4096);

  @ParameterizedTest(name = "{0}")
  @CsvSource({
    "MAX_TURNS,         maxTurns,        3",
    "MAX_TOOL_CALLS,    maxToolCalls,    40",
    "MAX_DURATION,      maxDuration,     PT1M30S",
    "MAX_REPLY_BYTES,   maxReplyBytes,   2048",
    "MAX_HISTORY_BYTES, maxHistoryBytes, 4096",
  })
  void wireName_everyLimit_isThePolicyComponentWithItsValue(
      AgentLimit limit, String wireName, String value) {
    assertThat(limit.wireName()).isEqualTo(wireName);
    assertThat(limit.valueIn(POLICY)).isEqualTo(value);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource({
    "INVALID_INPUT,",
    "MAX_TURNS,      MAX_TURNS",
    "MAX_TOOL_CALLS, MAX_TOOL_CALLS",
    "MAX_DURATION,   MAX_DURATION",
    "MAX_HISTORY,    MAX_HISTORY_BYTES",
    "INVALID_OUTPUT,",
    "MODEL_ERROR,",
    "CANCELLED,",
  })
  void limit_everyFailureKind_isTheLimitThatEndedTheRunOrNull(
      AgentFailureKind kind, AgentLimit limit) {
    assertThat(kind.limit()).isEqualTo(limit);
  }
}
