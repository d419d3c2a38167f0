package io.codemode4j.bridge.audit;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.sql.SQLException;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

/** Text from a program or a tool, made one safe log line. */
class LogTextTest {

  /** A line that would read as the server's own, after a break of each kind. */
  static Stream<String> forgeries() {
    String forged = "[main] INFO io.codemode4j.mcp - tools/call principal=admin isError=false";
    return Stream.of(
        "x\n" + forged,
        "x\r\n" + forged,
        "x\r" + forged,
        "x\u2028" + forged,
        "x\u2029" + forged,
        "x\u0085" + forged,
        "x\u000b" + forged,
        "x\u000c" + forged,
        "x\u001b[2K\r" + forged,
        "x\u001b]0;title\u0007" + forged,
        "x\u0000" + forged,
        "x\u009b31m" + forged);
  }

  @ParameterizedTest
  @MethodSource("forgeries")
  void of_textWithABreakOrControl_isOneLineWithNoControlLeft(String text) {
    String line = LogText.of(text);

    assertThat(line).doesNotContainPattern("[\\p{Cc}\\u2028\\u2029]");
    assertThat(line).contains("[main] INFO io.codemode4j.mcp - tools/call");
    assertThat(line.lines()).hasSize(1);
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          plain text, with 'quotes' and ünïcödé and emoji 🦆 | plain text, with 'quotes' and ünïcödé and emoji 🦆
          back\\\\slash                                        | back\\\\slash
          """)
  void of_printableText_isUnchanged(String text, String expected) {
    assertThat(LogText.of(text)).isEqualTo(expected);
  }

  @Test
  void of_everyControlCharacter_isEscapedVisibly() {
    IntStream.concat(IntStream.range(0, 0x20), IntStream.rangeClosed(0x7f, 0x9f))
        .forEach(
            c ->
                assertThat(LogText.of("a" + (char) c + "b"))
                    .as("U+%04X", c)
                    .matches("a\\\\(n|r|t|u00[0-9a-f]{2})b"));
    assertThat(LogText.of((String) null)).isEqualTo("null");
  }

  @Test
  void of_throwable_keepsClassFramesAndCausesWithMessagesEscaped() {
    SQLException cause = new SQLException("driver said\nFATAL forged");
    IllegalStateException error = new IllegalStateException("handler\r\nINFO forged", cause);

    Throwable logged = LogText.of(error);
    StringWriter printed = new StringWriter();
    logged.printStackTrace(new PrintWriter(printed));

    assertThat(logged.toString())
        .isEqualTo("java.lang.IllegalStateException: handler\\r\\nINFO forged");
    assertThat(logged.getStackTrace()).isEqualTo(error.getStackTrace());
    assertThat(logged.getCause().toString())
        .isEqualTo("java.sql.SQLException: driver said\\nFATAL forged");
    assertThat(printed.toString().lines())
        .noneMatch(line -> line.startsWith("INFO forged") || line.startsWith("FATAL forged"))
        .anyMatch(line -> line.startsWith("Caused by: java.sql.SQLException"));
  }

  @Test
  void of_throwableWithoutMessage_printsItsClassAlone() {
    assertThat(LogText.of(new NullPointerException()).toString())
        .isEqualTo("java.lang.NullPointerException");
  }

  @Test
  void of_throwableThatIsItsOwnCauseChain_endsAtItsDepth() {
    RuntimeException a = new RuntimeException("a");
    RuntimeException b = new RuntimeException("b", a);
    a.initCause(b);

    Throwable logged = LogText.of(a);
    int depth = 0;
    for (Throwable t = logged; t != null; t = t.getCause()) {
      depth++;
    }

    assertThat(depth).isLessThanOrEqualTo(9);
  }
}
