package io.codemode4j.warehouse;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SqlLiteralsTest {

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '"',
      textBlock =
          """
      Acme              | 'Acme'
      O'Brien           | 'O''Brien'
      ''                | ''''''
      x' OR '1'='1      | 'x'' OR ''1''=''1'
      a\\b              | 'a\\b'
      Zürich Café       | 'Zürich Café'
      "  "              | '  '
      """)
  void quote_value_doublesEverySingleQuoteAndNothingElse(String value, String literal) {
    assertThat(SqlLiterals.quote(value)).isEqualTo(literal);
  }
}
