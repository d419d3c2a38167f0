package io.codemode4j.bench;

/**
 * Text the bench prints that a program or a description controls (a soak scenario's quoted result,
 * a table name in a progress line), with every control and invisible format character written as a
 * visible <code>&#92;uXXXX</code> escape: a terminal obeys an escape sequence wherever it comes
 * from. The product CLI's rule ({@code TerminalText}) also keeps layouts per context; the bench
 * prints lines only, so one rule serves.
 */
final class PrintableText {

  private PrintableText() {}

  static String of(String text) {
    StringBuilder sb = null;
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      boolean unsafe =
          c < 0x20
              || (c >= 0x7F && c <= 0x9F)
              || Character.getType(c) == Character.FORMAT
              || c == '\u2028'
              || c == '\u2029';
      if (unsafe && sb == null) {
        sb = new StringBuilder(text.length() + 16).append(text, 0, i);
      }
      if (sb != null) {
        if (unsafe) {
          sb.append(String.format("\\u%04X", (int) c));
        } else {
          sb.append(c);
        }
      }
    }
    return sb == null ? text : sb.toString();
  }
}
