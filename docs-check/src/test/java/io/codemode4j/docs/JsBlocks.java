package io.codemode4j.docs;

import java.util.regex.Pattern;

/** What a {@code js} block runs as: the docs conventions allow an arrow or a body. */
final class JsBlocks {

  /** An arrow program: {@code async (} or {@code async x =>} after comments and blank lines. */
  private static final Pattern ARROW =
      Pattern.compile(
          "\\A(?:\\s|//[^\\n]*\\n|/\\*.*?\\*/)*async\\s*(?:\\(|[A-Za-z_$][\\w$]*\\s*=>)",
          Pattern.DOTALL);

  private JsBlocks() {}

  /**
   * The program of a block: an {@code async} arrow as it is; any other text is a body, run as the
   * body of one (as Code Mode's own programs are written: one async function expression).
   */
  static String program(String text) {
    return ARROW.matcher(text).lookingAt() ? text : "async () => {\n" + text + "\n}";
  }
}
