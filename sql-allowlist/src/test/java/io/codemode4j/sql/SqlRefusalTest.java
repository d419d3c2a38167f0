package io.codemode4j.sql;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class SqlRefusalTest {

  private static final QueryPolicy POLICY = QueryPolicy.unscoped(100);

  /**
   * Each name is written with {@code <XXXX>} for the invisible character U+XXXX, so that the table
   * shows what it tests; the message must show the character as {@code \}{@code uxxxx}.
   */
  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        "zero-width space in a table | SELECT * FROM \"pay<200B>roll\" | pay<200B>roll",
        "zero-width joiner in a table | SELECT * FROM \"pay<200D>roll\" | pay<200D>roll",
        "left-to-right mark in a table | SELECT * FROM \"<200E>payroll\" | <200E>payroll",
        "word joiner in a table | SELECT * FROM \"payroll<2060>\" | payroll<2060>",
        "byte-order mark in a table | SELECT * FROM \"<FEFF>payroll\" | <FEFF>payroll",
        "right-to-left override in a table | SELECT * FROM \"<202E>llorayp\" | <202E>llorayp",
        "bidi isolate in a table | SELECT * FROM \"pay<2066>roll<2069>\" | pay<2066>roll<2069>",
        "bell control in a table | SELECT * FROM \"pay<0007>roll\" | pay<0007>roll",
        "next-line control in a table | SELECT * FROM \"pay<0085>roll\" | pay<0085>roll",
        "zero-width space in a schema | SELECT * FROM \"ma<200B>in\".invoices | ma<200B>in",
        "zero-width space in a function | SELECT \"read<200B>_csv\"(region) FROM invoices | read<200B>_csv"
      })
  void approve_invisibleCharacterInARefusedName_showsItEscapedAndSaysSo(
      String what, String written, String name) {
    SqlRefusal refusal = RefusedQueriesTest.refusalOf(invisible(written), POLICY);

    assertThat(refusal.element()).as(what).contains(invisible(name));
    assertThat(refusal.message())
        .as(what)
        .contains("'" + escaped(name) + "'")
        .contains("invisible character")
        .doesNotContain(invisible(name));
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"payroll", "päyroll", "支払い", "pay roll", "pay\uD83D\uDCB0roll"})
  void message_visibleName_isKeptAsWrittenWithoutANote(String name) {
    SqlRefusal refusal = RefusedQueriesTest.refusalOf("SELECT * FROM \"" + name + "\"", POLICY);

    assertThat(refusal.message()).contains("'" + name + "'").doesNotContain("invisible");
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '"',
      value = {
        "lone high surrogate | table '<D83D>x' | table '\\uD83Dx'",
        "lone low surrogate | table 'x<DCB0>' | table 'x\\uDCB0'",
        "newline | table 'a<000A>b' | table 'a\\u000Ab'"
      })
  void message_invisibleCharacter_isEscaped(String what, String message, String shown) {
    SqlRefusal refusal =
        new SqlRefusal(RefusalReason.TABLE_NOT_ALLOWED, "", 1, 1, invisible(message));

    assertThat(refusal.message()).as(what).isEqualTo(shown + SqlRefusal.INVISIBLE_NOTE);
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"table 'pay\u200Broll' is not allowlisted"})
  void message_refusalCopied_isNotedOnce(String message) {
    SqlRefusal first = new SqlRefusal(RefusalReason.TABLE_NOT_ALLOWED, "", 1, 1, message);

    SqlRefusal copy = new SqlRefusal(first.reason(), first.element(), 2, 3, first.message());

    assertThat(copy.message()).isEqualTo(first.message());
  }

  /** {@code text} with each {@code <XXXX>} replaced by the character U+XXXX. */
  private static String invisible(String text) {
    return Pattern.compile("<([0-9A-F]{4})>")
        .matcher(text)
        .replaceAll(m -> String.valueOf((char) Integer.parseInt(m.group(1), 16)));
  }

  /**
   * {@code text} with each {@code <XXXX>} replaced by its {@code \}{@code u} escape (upper-case
   * hex, as JSON and the CLI write it).
   */
  private static String escaped(String text) {
    return Pattern.compile("<([0-9A-F]{4})>")
        .matcher(text)
        .replaceAll(m -> Matcher.quoteReplacement("\\u" + m.group(1)));
  }
}
