package io.codemode4j.bridge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class CodeExecutionLimitsTest {

  @Test
  void defaults_matchTheDocumentedValues() {
    CodeExecutionLimits limits = CodeExecutionLimits.defaults();
    assertThat(limits.maxSourceBytes()).isEqualTo(64 * 1024);
    assertThat(limits.maxWallTime()).isEqualTo(Duration.ofSeconds(30));
    assertThat(limits.maxLogBytes()).isEqualTo(64 * 1024);
    assertThat(limits.maxResultBytes()).isEqualTo(64 * 1024);
    assertThat(limits.maxHostCalls()).isEqualTo(64);
    assertThat(limits.maxHostCallBytes()).isEqualTo(1024 * 1024);
    assertThat(limits.maxHostCallConcurrency()).isEqualTo(4);
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', textBlock = """
      0  | 30000 | 1 | 1 | 1 | 1 | 4  | maxSourceBytes must be at least 1
      1  | 0     | 1 | 1 | 1 | 1 | 4  | maxWallTime must be above zero
      1  | 30000 | 0 | 1 | 1 | 1 | 4  | maxLogBytes must be at least 1
      1  | 30000 | 1 | 0 | 1 | 1 | 4  | maxResultBytes must be at least 1
      1  | 30000 | 1 | 1 | 0 | 1 | 4  | maxHostCalls must be at least 1
      1  | 30000 | 1 | 1 | 1 | 0 | 4  | maxHostCallBytes must be at least 1
      1  | 30000 | 1 | 1 | 1 | 1 | 0  | maxHostCallConcurrency must be 1..64
      1  | 30000 | 1 | 1 | 1 | 1 | 65 | maxHostCallConcurrency must be 1..64
      """)
  void new_outOfRange_isRefusedNamingTheLimit(int source, long wallMs, int log, int result, int calls, int callBytes,
      int concurrency, String message) {
    assertThatThrownBy(() -> new CodeExecutionLimits(source, Duration.ofMillis(wallMs), log, result, calls, callBytes,
        concurrency)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining(message);
  }
}
