package io.codemode4j.bridge.audit;

import org.jspecify.annotations.Nullable;

/**
 * Text from outside the host (a program's thrown message, a handler's exception that quotes its
 * arguments, a model's reply) made safe for one line of a host log: no line break, control byte,
 * terminal escape or line separator, each written as a visible escape instead, so no such text can
 * end a log line early or forge one that reads as the server's own.
 *
 * <p>Decided: escape at the logging call, since the log's own formatter (slf4j-simple, a host's
 * Logback) is the host's and cannot be trusted to; a throwable keeps its class, stack frames and
 * causes ({@link #of(Throwable)}), only its messages are escaped.
 */
public final class LogText {

  /** How deep a chain of causes is copied; deeper ones are left out. */
  private static final int MAX_CAUSES = 8;

  private LogText() {}

  /** {@code text} with every character that could break or forge a log line escaped. */
  public static String of(@Nullable String text) {
    if (text == null) {
      return "null";
    }
    StringBuilder out = null;
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      String escape = escape(c);
      if (escape != null && out == null) {
        out = new StringBuilder(text.length() + 16).append(text, 0, i);
      }
      if (out != null) {
        if (escape != null) {
          out.append(escape);
        } else {
          out.append(c);
        }
      }
    }
    return out == null ? text : out.toString();
  }

  /**
   * A copy of {@code error} to log: its messages and its causes' escaped ({@link #of(String)}),
   * each copy naming the original class and keeping its stack frames.
   */
  public static Throwable of(Throwable error) {
    return copy(error, 0);
  }

  private static Throwable copy(Throwable error, int depth) {
    Throwable cause = error.getCause();
    Throwable copiedCause =
        cause == null || cause == error || depth >= MAX_CAUSES ? null : copy(cause, depth + 1);
    String message = error.getMessage() == null ? null : of(error.getMessage());
    Throwable copy = new Escaped(error.getClass().getName(), message, copiedCause);
    copy.setStackTrace(error.getStackTrace());
    return copy;
  }

  private static @Nullable String escape(char c) {
    return switch (c) {
      case '\n' -> "\\n";
      case '\r' -> "\\r";
      case '\t' -> "\\t";
      default ->
          c < 0x20 || (c >= 0x7f && c <= 0x9f) || c == '\u2028' || c == '\u2029'
              ? String.format("\\u%04x", (int) c)
              : null;
    };
  }

  /** A logged copy of a throwable: printed as its original class and escaped message. */
  private static final class Escaped extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final String originalClass;

    Escaped(String originalClass, @Nullable String message, @Nullable Throwable cause) {
      super(message, cause, false, true);
      this.originalClass = originalClass;
    }

    @Override
    public String toString() {
      return getMessage() == null ? originalClass : originalClass + ": " + getMessage();
    }
  }
}
