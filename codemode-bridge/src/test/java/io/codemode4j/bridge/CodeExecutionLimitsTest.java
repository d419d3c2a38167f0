package io.codemode4j.bridge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class CodeExecutionLimitsTest {

  @Test
  void defaults_matchTheDocumentedValues() {
    CodeExecutionLimits limits = CodeExecutionLimits.defaults();
    assertThat(limits.maxSourceBytes()).isEqualTo(64 * 1024);
    assertThat(limits.maxWallTime()).isEqualTo(Duration.ofSeconds(30));
    assertThat(limits.maxCpuTime()).isEqualTo(Duration.ofSeconds(10));
    assertThat(limits.maxAllocatedBytes()).isEqualTo(256L * 1024 * 1024);
    assertThat(limits.maxStackFrames()).isEqualTo(1_000);
    assertThat(limits.maxLogBytes()).isEqualTo(64 * 1024);
    assertThat(limits.maxResultBytes()).isEqualTo(64 * 1024);
    assertThat(limits.maxHostCalls()).isEqualTo(64);
    assertThat(limits.maxHostCallBytes()).isEqualTo(1024 * 1024);
    assertThat(limits.maxHostCallConcurrency()).isEqualTo(4);
  }

  @Test
  void with_oneComponent_changesOnlyThatComponent() {
    CodeExecutionLimits changed = CodeExecutionLimits.defaults().withMaxStackFrames(200);
    assertThat(changed.maxStackFrames()).isEqualTo(200);
    assertThat(changed.withMaxStackFrames(1_000)).isEqualTo(CodeExecutionLimits.defaults());
  }

  static Stream<Arguments> outOfRange() {
    return Stream.<Arguments>of(
        Arguments.of(
            (UnaryOperator<CodeExecutionLimits>) l -> l.withMaxSourceBytes(0),
            "maxSourceBytes must be at least 1"),
        Arguments.of(
            (UnaryOperator<CodeExecutionLimits>) l -> l.withMaxWallTime(Duration.ZERO),
            "maxWallTime must be above zero"),
        Arguments.of(
            (UnaryOperator<CodeExecutionLimits>) l -> l.withMaxCpuTime(Duration.ofMillis(-1)),
            "maxCpuTime must be above zero"),
        Arguments.of(
            (UnaryOperator<CodeExecutionLimits>) l -> l.withMaxAllocatedBytes(1000),
            "maxAllocatedBytes must be at least 1 MiB"),
        Arguments.of(
            (UnaryOperator<CodeExecutionLimits>) l -> l.withMaxStackFrames(10),
            "maxStackFrames must be 50..4000"),
        Arguments.of(
            (UnaryOperator<CodeExecutionLimits>) l -> l.withMaxStackFrames(5000),
            "maxStackFrames must be 50..4000"),
        Arguments.of(
            (UnaryOperator<CodeExecutionLimits>) l -> l.withMaxLogBytes(0),
            "maxLogBytes must be at least 1"),
        Arguments.of(
            (UnaryOperator<CodeExecutionLimits>) l -> l.withMaxResultBytes(0),
            "maxResultBytes must be at least 1"),
        Arguments.of(
            (UnaryOperator<CodeExecutionLimits>) l -> l.withMaxHostCalls(0),
            "maxHostCalls must be at least 1"),
        Arguments.of(
            (UnaryOperator<CodeExecutionLimits>) l -> l.withMaxHostCallBytes(0),
            "maxHostCallBytes must be at least 1"),
        Arguments.of(
            (UnaryOperator<CodeExecutionLimits>) l -> l.withMaxHostCallConcurrency(0),
            "maxHostCallConcurrency must be 1..64"),
        Arguments.of(
            (UnaryOperator<CodeExecutionLimits>) l -> l.withMaxHostCallConcurrency(65),
            "maxHostCallConcurrency must be 1..64"));
  }

  @ParameterizedTest(name = "{1}")
  @MethodSource("outOfRange")
  void with_outOfRange_isRefusedNamingTheLimit(
      UnaryOperator<CodeExecutionLimits> change, String message) {
    assertThatThrownBy(() -> change.apply(CodeExecutionLimits.defaults()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining(message);
  }
}
