package io.codemode4j.bridge.outcome;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class LogEntryTest {

  @ParameterizedTest(name = "{0} -> {1}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
      LOG   | careful
      INFO  | [info] careful
      WARN  | [warn] careful
      ERROR | [error] careful
      """)
  void line_eachLevel_isPrefixedUnlessPlainLog(LogEntry.Level level, String line) {
    assertThat(new LogEntry(level, "careful").line()).isEqualTo(line);
  }
}
