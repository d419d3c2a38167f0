package io.codemode4j.bridge.schema;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.NullSource;

/** One table per rule: each row a name and whether that rule accepts it. */
class IdentifiersTest {

  private static final String LONGEST = "a".repeat(Identifiers.MAX_LENGTH);
  private static final String TOO_LONG = LONGEST + "b";

  @ParameterizedTest(name = "isName({0}) = {1}")
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '"',
      textBlock =
          """
      billing          | true
      _private         | true
      $jq              | true
      a1               | true
      Invoices_2024    | true
      1st              | false
      ""               | false
      bill-ing         | false
      bill.ing         | false
      " billing"       | false
      café             | false
      class            | false
      delete           | false
      await            | false
      console          | false
      eval             | false
      Java             | false
      undefined        | false
      """)
  void isName_table_acceptsIdentifiersThatAreNotReserved(String name, boolean accepted) {
    assertThat(Identifiers.isName(name)).isEqualTo(accepted);
  }

  @ParameterizedTest(name = "isName of {0} characters = {1}")
  @CsvSource({"64, true", "65, false"})
  void isName_length_isAtMostSixtyFour(int length, boolean accepted) {
    assertThat(Identifiers.isName(length == 64 ? LONGEST : TOO_LONG)).isEqualTo(accepted);
  }

  @ParameterizedTest(name = "isMethodPath({0}) = {1}")
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '"',
      textBlock =
          """
      billing.invoices   | true
      $a._b              | true
      billing            | false
      billing.           | false
      .invoices          | false
      billing.invoices.x | false
      billing.*          | false
      billing.delete     | false
      class.invoices     | false
      "billing.invoices "| false
      """)
  void isMethodPath_table_isTwoNamesJoinedByADot(String path, boolean accepted) {
    assertThat(Identifiers.isMethodPath(path)).isEqualTo(accepted);
  }

  @ParameterizedTest(name = "isToolName({0}) = {1}")
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '"',
      textBlock =
          """
      run_javascript   | true
      discover_tools   | true
      _x               | true
      class            | true
      $jq              | false
      a$b              | false
      run-javascript   | false
      9lives           | false
      ""               | false
      """)
  void isToolName_table_isLettersDigitsAndUnderscores(String name, boolean accepted) {
    assertThat(Identifiers.isToolName(name)).isEqualTo(accepted);
  }

  @ParameterizedTest(name = "isToolName of {0} characters = {1}")
  @CsvSource({"64, true", "65, false"})
  void isToolName_length_isAtMostSixtyFour(int length, boolean accepted) {
    assertThat(Identifiers.isToolName(length == 64 ? LONGEST : TOO_LONG)).isEqualTo(accepted);
  }

  @ParameterizedTest(name = "isIdentifierName({0}) = {1}")
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '"',
      textBlock =
          """
      region     | true
      class      | true
      $ref       | true
      first-name | false
      2fa        | false
      ""         | false
      """)
  void isIdentifierName_table_allowsReservedWordsAsPropertyKeys(String text, boolean accepted) {
    assertThat(Identifiers.isIdentifierName(text)).isEqualTo(accepted);
  }

  @ParameterizedTest
  @NullSource
  void everyRule_null_isRefused(String nothing) {
    assertThat(Identifiers.isName(nothing)).isFalse();
    assertThat(Identifiers.isMethodPath(nothing)).isFalse();
    assertThat(Identifiers.isToolName(nothing)).isFalse();
    assertThat(Identifiers.isIdentifierName(nothing)).isFalse();
  }

  @Test
  void isIdentifierName_longerThanANameMayBe_isStillAnIdentifierName() {
    assertThat(Identifiers.isIdentifierName(TOO_LONG)).isTrue();
  }
}
