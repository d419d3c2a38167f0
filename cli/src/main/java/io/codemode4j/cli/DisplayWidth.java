package io.codemode4j.cli;

/**
 * How many terminal columns text takes, as {@code wcwidth} counts them: a wide or full-width
 * character (CJK ideographs, kana, Hangul, full-width forms, most emoji) takes two, a combining
 * mark or format character none, everything else one. Decided: a table of the East Asian Wide
 * blocks rather than a library; the CLI only needs its tables to line up, and a character outside
 * these blocks misaligns one row, not the output.
 */
final class DisplayWidth {

  /** Inclusive code point ranges of East Asian Wide (W) and Fullwidth (F) characters. */
  private static final int[][] WIDE = {
    {0x1100, 0x115F},
    {0x231A, 0x231B},
    {0x2329, 0x232A},
    {0x2E80, 0x303E},
    {0x3041, 0x33FF},
    {0x3400, 0x4DBF},
    {0x4E00, 0x9FFF},
    {0xA000, 0xA4CF},
    {0xA960, 0xA97F},
    {0xAC00, 0xD7A3},
    {0xF900, 0xFAFF},
    {0xFE10, 0xFE19},
    {0xFE30, 0xFE6F},
    {0xFF00, 0xFF60},
    {0xFFE0, 0xFFE6},
    {0x1F300, 0x1F64F},
    {0x1F900, 0x1F9FF},
    {0x20000, 0x2FFFD},
    {0x30000, 0x3FFFD}
  };

  private DisplayWidth() {}

  /** The columns {@code text} takes on a terminal. */
  static int of(String text) {
    int width = 0;
    for (int i = 0; i < text.length(); ) {
      int cp = text.codePointAt(i);
      width += of(cp);
      i += Character.charCount(cp);
    }
    return width;
  }

  /** {@code text} followed by spaces up to {@code width} columns. */
  static String padRight(String text, int width) {
    return text + " ".repeat(Math.max(0, width - of(text)));
  }

  /** Spaces up to {@code width} columns, then {@code text}. */
  static String padLeft(String text, int width) {
    return " ".repeat(Math.max(0, width - of(text))) + text;
  }

  private static int of(int cp) {
    int type = Character.getType(cp);
    if (type == Character.NON_SPACING_MARK
        || type == Character.ENCLOSING_MARK
        || type == Character.FORMAT) {
      return 0;
    }
    for (int[] range : WIDE) {
      if (cp >= range[0] && cp <= range[1]) {
        return 2;
      }
    }
    return 1;
  }
}
