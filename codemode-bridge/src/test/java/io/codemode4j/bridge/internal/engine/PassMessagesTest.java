package io.codemode4j.bridge.internal.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.codemode4j.bridge.CodeExecutionLimits;
import io.codemode4j.bridge.outcome.FailureKind;
import io.codemode4j.bridge.outcome.Limit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

class PassMessagesTest {

  private static final JsonMapper JSON = JsonMapper.builder().build();

  @Test
  void thrown_uncaughtToolFailureEnvelope_namesTheToolAndKind() {
    JsonNode envelope =
        JSON.readTree("{\"kind\":\"timeout\",\"tool\":\"billing.invoices\",\"message\":\"slow\"}");

    assertThat(PassMessages.thrown("Error: ignored", envelope))
        .isEqualTo(
            new PassStop(
                FailureKind.THROWN, null, "uncaught failure of billing.invoices (timeout): slow"));
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "{\"kind\":\"timeout\",\"tool\":\"t\"}",
        "{\"kind\":1,\"tool\":\"t\",\"message\":\"m\"}",
        "[\"kind\",\"tool\",\"message\"]",
        "\"text\""
      })
  void thrown_valueThatIsNotAnEnvelope_isABareThrow(String thrown) {
    assertThat(PassMessages.thrown("TypeError: bad", JSON.readTree(thrown)).message())
        .isEqualTo("the program threw TypeError: bad");
  }

  @Test
  void thrown_noValue_isABareThrow() {
    assertThat(PassMessages.thrown("boom", null).message()).isEqualTo("the program threw boom");
  }

  @Test
  void limitMessages_nameTheLimitAndTheSettingToChange() {
    CodeExecutionLimits limits =
        CodeExecutionLimits.defaults()
            .withMaxAllocatedBytes(32L << 20)
            .withMaxLogBytes(100)
            .withMaxResultBytes(50);

    assertThat(PassMessages.memory(limits))
        .extracting(PassStop::limit, PassStop::message)
        .containsExactly(
            Limit.MEMORY,
            "the program allocated more than 32 MiB (maxAllocatedBytes): work on less data at once");
    assertThat(PassMessages.logBytes(limits).message())
        .contains("more than 100 bytes (maxLogBytes)");
    assertThat(PassMessages.resultTooLarge(70, false, limits).message())
        .startsWith("the result is 70 bytes of JSON, over the limit of 50 bytes (maxResultBytes)");
    assertThat(PassMessages.resultTooLarge(70, true, limits).message())
        .startsWith("the result is at least 70 bytes of JSON, over the limit of 50 bytes");
  }

  @Test
  void passStop_limitWithAnotherKind_isRefused() {
    assertThatThrownBy(() -> new PassStop(FailureKind.TIMEOUT, Limit.CPU, "m"))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
