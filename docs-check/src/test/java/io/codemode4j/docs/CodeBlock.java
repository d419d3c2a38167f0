package io.codemode4j.docs;

import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * One code block of a Markdown page.
 *
 * @param file the page, relative to the checkout (e.g. {@code docs/quick-start.md})
 * @param line the 1-based line of the opening fence
 * @param language the first word of the fence's info string; empty when it has none (an indented
 *     block has none either)
 * @param text the block's content, without the fences
 * @param skip the {@code <!-- docs-check: skip (reason) -->} comment on the line before the fence,
 *     or null; a comment without a reason has a blank {@link Skip#reason()}
 */
record CodeBlock(String file, int line, String language, String text, @Nullable Skip skip) {

  CodeBlock {
    Objects.requireNonNull(file, "file");
    Objects.requireNonNull(language, "language");
    Objects.requireNonNull(text, "text");
    if (line < 1) {
      throw new IllegalArgumentException("line must be at least 1, was " + line);
    }
  }

  /** An exemption of one block, with why. */
  record Skip(String reason) {
    Skip {
      Objects.requireNonNull(reason, "reason");
    }
  }

  /** Where the block is, as {@code file:line}: the name of its test. */
  String where() {
    return file + ":" + line;
  }

  @Override
  public String toString() {
    return where();
  }
}
