package io.codemode4j.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.codemode4j.cli.TerminalText.Context;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/** The one escaping rule of human-mode output, character class by character class. */
class TerminalTextTest {

  /** Text, what {@link Context#MESSAGE} prints, what {@link Context#CELL} prints. */
  static Stream<Arguments> cases() {
    return Stream.of(
        Arguments.of("clear screen", "\u001b[2J", "\\u001B[2J", "\\u001B[2J"),
        Arguments.of("OSC 0 title", "\u001b]0;pwned\u0007", "\\u001B]0;pwned\\u0007", null),
        Arguments.of(
            "OSC 52 clipboard",
            "\u001b]52;c;cm0gLXJmIH4=\u001b\\",
            "\\u001B]52;c;cm0gLXJmIH4=\\u001B\\",
            null),
        Arguments.of("CR overwrite", "ok\rerror: forged", "ok\\rerror: forged", null),
        Arguments.of("C1 CSI", "\u009b2J", "\\u009B2J", null),
        Arguments.of("DEL and NUL", "a\u007fb\u0000", "a\\u007Fb\\u0000", null),
        Arguments.of("backspace, form feed", "a\b\f", "a\\b\\f", null),
        Arguments.of("bidi override", "abc\u202edcba", "abc\\u202Edcba", null),
        Arguments.of("bidi isolate", "\u2066x\u2069", "\\u2066x\\u2069", null),
        Arguments.of("zero-width space", "pay\u200broll", "pay\\u200Broll", null),
        Arguments.of("byte order mark", "\ufeffname", "\\uFEFFname", null),
        Arguments.of("line separator", "a\u2028b", "a\\u2028b", null),
        Arguments.of("tab", "a\tb", "a\tb", "a\\tb"),
        Arguments.of("line feed", "a\nerror: forged", "a\n  error: forged", "a\\nerror: forged"),
        Arguments.of("plain", "revenue 12.50 | emea", "revenue 12.50 | emea", null),
        Arguments.of("CJK and emoji", "請求書 \ud83d\udcb6 é", "請求書 \ud83d\udcb6 é", null),
        Arguments.of("backslash", "C:\\u001B", "C:\\u001B", null));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void escape_message_writesEveryUnsafeCharacterVisibly(
      String name, String text, String message, String cell) {
    assertThat(TerminalText.escape(text, Context.MESSAGE)).isEqualTo(message);
    assertThat(TerminalText.escape(text, Context.CELL)).isEqualTo(cell == null ? message : cell);
  }

  @ParameterizedTest(name = "{0}")
  @EnumSource(Context.class)
  void escape_anyContext_leavesNoTerminalControl(Context context) {
    StringBuilder every = new StringBuilder();
    for (char c = 0; c <= 0x9f; c++) {
      every.append(c);
    }
    String escaped = TerminalText.escape(every.toString(), context);
    assertThat(escaped.chars())
        .noneMatch(c -> c < 0x20 && c != '\t' && c != '\n')
        .noneMatch(c -> c >= 0x7f && c <= 0x9f);
  }

  @Test
  void escape_csvField_keepsTabLineFeedAndBidiButEscapesControls() {
    assertThat(TerminalText.escape("a\tb\nc\u202e\u200b\u001b[2J\r\u009b", Context.CSV_FIELD))
        .isEqualTo("a\tb\nc\u202e\u200b\\u001B[2J\\r\\u009B");
  }

  @Test
  void escape_text_keepsLayoutWithoutIndent() {
    assertThat(TerminalText.escape("{\n\t\"a\" : \"\u009b\"\n}", Context.TEXT))
        .isEqualTo("{\n\t\"a\" : \"\\u009B\"\n}");
  }

  @Test
  void escape_safeText_isTheSameString() {
    String text = "counted 1 row";
    assertThat(TerminalText.escape(text, Context.MESSAGE)).isSameAs(text);
  }

  @ParameterizedTest
  @MethodSource("bugs")
  void message_ofABug_pointsToItsCrashReportAndNamesNoClass(Throwable bug) throws Exception {
    String message = TerminalText.message(bug);

    assertThat(message)
        .startsWith("internal error in codemode (a bug): please report it with the command you ran")
        .doesNotContain("Exception")
        .doesNotContain("java.")
        .doesNotContain("io.codemode4j");
    java.nio.file.Path report =
        java.nio.file.Path.of(
            message.replaceAll(".* ran and (\\S+codemode-crash-[0-9a-f]{8}\\.txt), which.*", "$1"));
    assertThat(java.nio.file.Files.readString(report)).contains(bug.getClass().getName());
    assertThat(java.nio.file.Files.getPosixFilePermissions(report))
        .isEqualTo(java.nio.file.attribute.PosixFilePermissions.fromString("rw-------"));
    java.nio.file.Files.delete(report);
  }

  static java.util.List<Throwable> bugs() {
    return java.util.List.of(
        new IllegalArgumentException(),
        new IllegalStateException(" "),
        new NullPointerException(
            "Cannot invoke \"io.codemode4j.cli.Thing.size()\" because \"x\" is null"),
        new NullPointerException(),
        new ClassCastException("class A cannot be cast to class B"),
        new IndexOutOfBoundsException("Index 3 out of bounds for length 2"),
        new StackOverflowError(),
        new IllegalStateException("wrapped: java.io.IOException: broken pipe"),
        new java.io.UncheckedIOException(
            "at [Source: REDACTED; line: 1]", new java.io.IOException("x")));
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "--data /tmp/x is not a directory",
        "the program threw TypeError: x is not a function",
        "Parser Error: syntax error at or near \"SELEC\"",
        "no table \"orders\" in the description: its tables are customers, invoices"
      })
  void message_ofAnErrorInOurWords_isItsEscapedMessage(String text) {
    assertThat(TerminalText.message(new IllegalArgumentException(text))).isEqualTo(text);
    assertThat(TerminalText.message(new java.io.IOException(text + "\u001b[2J")))
        .isEqualTo(text + "\\u001B[2J");
  }
}
