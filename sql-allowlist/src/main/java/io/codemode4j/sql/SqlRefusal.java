package io.codemode4j.sql;

import java.util.Objects;

/**
 * Why and where a query was refused.
 *
 * <p>Decided: the message is made visible here, once, for every refusal: a character that prints as
 * nothing or moves the text around (controls, format characters such as the zero-width space
 * U+200B, the joiners U+200C-U+200D, the marks U+200E-U+200F, U+2060, the byte-order mark U+FEFF,
 * the bidi embeddings and isolates U+202A-U+202E and U+2066-U+2069, line and paragraph separators,
 * lone surrogates) is written as its {@code \}{@code uXXXX} escape, and the message then says so.
 * Every name a refusal quotes (a table, function, column, type or character) reaches the user
 * through this message, so no quoting site can forget it, and a user shown {@code 'pay\}{@code
 * u200broll'} sees why {@code payroll} was not found. The {@link #element} stays as written: it is
 * for programs, which compare it.
 *
 * @param reason the reason code
 * @param element the offending element as written or normalised (a table, function, keyword ...);
 *     empty when the refusal is about the whole text
 * @param line 1-based line of the element in the submitted SQL
 * @param column 1-based column of the element in the submitted SQL
 * @param message what was refused and what is allowed instead, e.g. {@code table 'payroll' is not
 *     allowlisted (allowed: order_lines, orders, stores)}; invisible characters escaped
 */
public record SqlRefusal(
    RefusalReason reason, String element, int line, int column, String message) {

  static final String INVISIBLE_NOTE =
      " (a name quoted here contains an invisible character, shown as a \\u escape:"
          + " retype the name without it)";

  public SqlRefusal {
    Objects.requireNonNull(reason, "reason");
    Objects.requireNonNull(element, "element");
    Objects.requireNonNull(message, "message");
    if (line < 1 || column < 1) {
      throw new IllegalArgumentException("line and column are 1-based, got " + line + ":" + column);
    }
    message = visible(message);
  }

  /**
   * {@code text} with every invisible character escaped and {@link #INVISIBLE_NOTE} added, or
   * {@code text} itself when it has none. Idempotent: an escaped message has none left, so a
   * refusal copied into a new one (a position moved) is not noted twice.
   */
  private static String visible(String text) {
    StringBuilder escaped = null;
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (isInvisible(text, i)) {
        if (escaped == null) {
          escaped = new StringBuilder(text.length() + 16).append(text, 0, i);
        }
        escaped.append(String.format("\\u%04X", (int) c));
      } else if (escaped != null) {
        escaped.append(c);
      }
    }
    return escaped == null ? text : escaped.append(INVISIBLE_NOTE).toString();
  }

  /**
   * Whether the char at {@code i} prints as nothing or reorders the text: a control, a format
   * character, a line or paragraph separator, or half of a surrogate pair without its other half.
   */
  private static boolean isInvisible(String text, int i) {
    char c = text.charAt(i);
    if (Character.isHighSurrogate(c)) {
      return !(i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1)));
    }
    if (Character.isLowSurrogate(c)) {
      return !(i > 0 && Character.isHighSurrogate(text.charAt(i - 1)));
    }
    return switch (Character.getType(c)) {
      case Character.CONTROL,
          Character.FORMAT,
          Character.LINE_SEPARATOR,
          Character.PARAGRAPH_SEPARATOR ->
          true;
      default -> false;
    };
  }
}
