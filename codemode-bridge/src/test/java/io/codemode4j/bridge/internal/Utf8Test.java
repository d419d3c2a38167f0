package io.codemode4j.bridge.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class Utf8Test {

  @ParameterizedTest(name = "{0}: {2} bytes")
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '"',
      textBlock =
          """
      empty                  | ""                 | 0
      ascii                  | abc                | 3
      two-byte               | é                  | 2
      three-byte             | €                  | 3
      surrogate pair         | \uD83D\uDE00       | 4
      mixed                  | a€\uD83D\uDE00é    | 10
      lone high surrogate    | \uD83D             | 3
      lone low surrogate     | \uDE00x            | 4
      high then non-low      | \uD83Dx            | 4
      """)
  void length_table_isTheEncodedSize(String what, String text, int bytes) {
    assertThat(Utf8.length(text)).isEqualTo(bytes);
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '"',
      textBlock =
          """
      abc
      é€
      \uD83D\uDE00 ok
      """)
  void length_wellFormedText_isWhatTheEncoderWrites(String text) {
    assertThat(Utf8.length(text)).isEqualTo(text.getBytes(StandardCharsets.UTF_8).length);
  }
}
