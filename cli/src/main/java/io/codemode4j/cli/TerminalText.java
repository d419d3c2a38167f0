package io.codemode4j.cli;

import org.jspecify.annotations.Nullable;

/**
 * The one rule by which program- and data-controlled text (a program's logs, thrown message and
 * result, query cells and column names, messages that quote SQL or names) reaches the operator's
 * terminal in human mode. A terminal obeys control characters wherever they come from: an escape
 * sequence can set the window title, clear the screen, write the clipboard (OSC 52) or move the
 * cursor, and a carriage return can overwrite the CLI's own {@code error:} line. Such text is
 * therefore never printed raw: every character of the unsafe set is written as a visible escape.
 *
 * <p>The unsafe set: the C0 controls U+0000..U+001F, DEL U+007F, the C1 controls U+0080..U+009F (a
 * UTF-8 terminal such as xterm reads U+009B as CSI), and the invisible or bidi format characters
 * that can make text read differently from what it is: U+061C, U+200B..U+200F, U+202A..U+202E,
 * U+2066..U+2069, U+FEFF, and the line and paragraph separators U+2028, U+2029 (a line break to
 * some renderers). Tab and line feed are the only controls a {@link Context} may keep.
 *
 * <p>Decided: escapes are spelled as JSON spells them ({@code \n}, {@code \t}, {@code \r}, {@code
 * \b}, {@code \f}, otherwise <code>&#92;u001B</code> with upper-case hex, as Jackson writes them),
 * not in caret notation ({@code ^[}). Caret notation has no form for C1 or format characters, and
 * with JSON's spelling the human view spells a C0 control as {@code --json} does; a pretty-printed
 * JSON result stays valid JSON for the same value once escaped, since the characters Jackson leaves
 * raw (DEL, C1, format characters) only occur inside its strings. A backslash is not escaped: the
 * human view is for reading, so a program that prints the six characters <code>
 * &#92;u001B</code> is shown them, harmlessly; {@code --json} is the exact form (Jackson escapes C0
 * there and leaves DEL, C1 and format characters raw: valid JSON, for a program to read rather than
 * a terminal).
 */
final class TerminalText {

  /** What a line feed in text printed in a context becomes. */
  enum LineFeed {
    /** Escaped as {@code \n}: the text must stay on one line. */
    ESCAPED,
    /** Printed: the line breaks are the text's layout and no CLI line shares the stream. */
    KEPT,
    /**
     * Printed, followed by {@link TerminalText#INDENT}: every line a program causes at the start of
     * a line is the first line of one of its messages, so a message cannot add lines that look like
     * the CLI's.
     */
    INDENTED
  }

  /** Where text is printed, which decides what tab, line feed and format characters do there. */
  enum Context {
    /**
     * Standard output that is a text block: a pretty-printed result, TypeScript declarations. Line
     * breaks are its layout (Jackson has already escaped those inside strings).
     */
    TEXT(LineFeed.KEPT, true, true),
    /**
     * A log line or message on standard error, next to the CLI's own {@code error:} line.
     *
     * <p>Decided: a multi-line message keeps its line breaks (a stack or a pretty-printed value
     * stays readable) but its continuation lines are indented, so {@code console.log("x\nerror:
     * ...")} cannot forge the CLI's {@code error:} line. A message's first line is the program's
     * own to write; the CLI's verdict is its exit code and its {@code error:} line, always printed
     * after every log, which no program text can now erase or move.
     */
    MESSAGE(LineFeed.INDENTED, true, true),
    /** A table cell or column name: one line of an aligned table, so tab and line feed escaped. */
    CELL(LineFeed.ESCAPED, false, true),
    /**
     * A CSV field. Decided: CSV is data, usually redirected to a file, but as often read on the
     * terminal, so its controls are escaped as everywhere else, always (not only when standard
     * output is a terminal, which would make the same command write different bytes). Tab and line
     * feed are valid inside a field (the CSV writer quotes it), and format characters are kept:
     * bidi marks are real in right-to-left names, and they do not drive the terminal. {@code
     * --format json} gives every value exactly.
     */
    CSV_FIELD(LineFeed.KEPT, true, false);

    private final LineFeed lineFeed;
    private final boolean keepsTab;
    private final boolean escapesFormat;

    Context(LineFeed lineFeed, boolean keepsTab, boolean escapesFormat) {
      this.lineFeed = lineFeed;
      this.keepsTab = keepsTab;
      this.escapesFormat = escapesFormat;
    }
  }

  /** What follows a line feed in {@link Context#MESSAGE}. */
  static final String INDENT = "  ";

  private static final char[] HEX = "0123456789ABCDEF".toCharArray();

  private TerminalText() {}

  /** The text with every unsafe character of the context written as a visible escape. */
  static String escape(String text, Context context) {
    StringBuilder sb = null;
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      String replacement = replacement(c, context);
      if (replacement != null && sb == null) {
        sb = new StringBuilder(text.length() + 16).append(text, 0, i);
      }
      if (sb != null) {
        if (replacement == null) {
          sb.append(c);
        } else {
          sb.append(replacement);
        }
      }
    }
    return sb == null ? text : sb.toString();
  }

  /**
   * An exception's message as {@link Context#MESSAGE}, the text of every {@code error:} line; for a
   * bug ({@link CrashReport#isBug}: no message, or one that reads as Java), the sentence pointing
   * to its crash report, never a class name.
   */
  static String message(Throwable e) {
    String message = e.getMessage();
    return message == null || CrashReport.isBug(e)
        ? CrashReport.write(e)
        : escape(message, Context.MESSAGE);
  }

  /** What {@code c} is printed as in the context, or null when it is printed as it is. */
  private static @Nullable String replacement(char c, Context context) {
    if (c == '\n') {
      return switch (context.lineFeed) {
        case ESCAPED -> "\\n";
        case KEPT -> null;
        case INDENTED -> "\n" + INDENT;
      };
    }
    if (c == '\t') {
      return context.keepsTab ? null : "\\t";
    }
    boolean control = c < 0x20 || (c >= 0x7F && c <= 0x9F);
    if (!control && !(context.escapesFormat && isFormat(c))) {
      return null;
    }
    return switch (c) {
      case '\b' -> "\\b";
      case '\f' -> "\\f";
      case '\r' -> "\\r";
      default ->
          new String(
              new char[] {
                '\\', 'u', HEX[c >> 12], HEX[c >> 8 & 0xF], HEX[c >> 4 & 0xF], HEX[c & 0xF]
              });
    };
  }

  private static boolean isFormat(char c) {
    return c == '\u061C'
        || (c >= '\u200B' && c <= '\u200F')
        || c == '\u2028'
        || c == '\u2029'
        || (c >= '\u202A' && c <= '\u202E')
        || (c >= '\u2066' && c <= '\u2069')
        || c == '\uFEFF';
  }
}
