package io.codemode4j.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class PrintableTextTest {

  static Stream<Arguments> texts() {
    return Stream.of(
        Arguments.of("plain text, 12.5 ms", "plain text, 12.5 ms"),
        Arguments.of("\u001B]0;owned\u0007", "\\u001B]0;owned\\u0007"),
        Arguments.of("a\rerror: forged", "a\\u000Derror: forged"),
        Arguments.of("two\nlines\ttab", "two\\u000Alines\\u0009tab"),
        Arguments.of("c1\u009Bcsi del\u007F", "c1\\u009Bcsi del\\u007F"),
        Arguments.of("bidi\u202Eflip zero\u200Bwidth", "bidi\\u202Eflip zero\\u200Bwidth"),
        Arguments.of("line\u2028separator", "line\\u2028separator"),
        Arguments.of("é ü 東京", "é ü 東京"));
  }

  @ParameterizedTest
  @MethodSource("texts")
  void of_unsafeCharacters_areWrittenAsVisibleEscapes(String text, String printed) {
    assertThat(PrintableText.of(text)).isEqualTo(printed);
  }
}
