package io.codemode4j.bridge.internal;

import org.jspecify.annotations.Nullable;
import tools.jackson.core.JacksonException;
import tools.jackson.core.StreamReadConstraints;
import tools.jackson.core.StreamWriteConstraints;
import tools.jackson.core.json.JsonFactory;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The one reader of JSON text a program made ({@code JSON.stringify} of its result, its call
 * arguments, a thrown value), and of frames that carry such text between processes.
 *
 * <p>Decided: the host reads back whatever {@code JSON.stringify} writes, except two things that
 * Jackson cannot hold, and those are refused in the program's terms (how deep, which key), never
 * with a library's message. Jackson's default limits refuse much more: names over 50,000
 * characters, strings over 20 million, nesting over 500. Lengths need no limit of their own here:
 * every caller has measured the text against a byte limit before reading it ({@code
 * maxResultBytes}, {@code maxHostCallBytes}, the frame cap). Nesting keeps a limit, {@link
 * #MAX_DEPTH}, because the host's tree code recurses, and because every value is written again
 * inside envelopes (the egress, a worker's frames, an MCP response) by Jackson, whose writers stop
 * at 500 levels: 400 leaves a hundred for the envelopes. A key holding half of a UTF-16 surrogate
 * pair ({@code JSON.stringify} writes it as {@code \ud800}) cannot be a Jackson property name.
 */
public final class GuestJson {

  /** The deepest nesting of arrays and objects read back from a program. */
  public static final int MAX_DEPTH = 400;

  /**
   * Levels a frame may add around a program's value ({@code {"outcome":{"result":...}}} and the
   * like).
   */
  private static final int FRAME_LEVELS = 8;

  private static final int SHOWN_KEY_CHARS = 40;

  private static final JsonMapper VALUES = mapper(MAX_DEPTH);
  private static final JsonMapper FRAMES = mapper(MAX_DEPTH + FRAME_LEVELS);

  private GuestJson() {}

  /**
   * A program's JSON text that the host cannot read back; the message says why in the program's
   * terms and what to write instead.
   */
  public static final class UnreadableException extends Exception {
    private static final long serialVersionUID = 1L;

    UnreadableException(String message, @Nullable Throwable cause) {
      super(message, cause);
    }
  }

  /**
   * Reads {@code text}, which a program wrote; {@code what} names it in a refusal, e.g. {@code the
   * returned value}.
   *
   * @throws UnreadableException when the host cannot hold it, saying why
   */
  public static JsonNode read(String text, String what) throws UnreadableException {
    try {
      return VALUES.readTree(text);
    } catch (JacksonException e) {
      throw new UnreadableException(explain(text, what), e);
    }
  }

  /** The value {@code text} holds; null when there is none or the host cannot read it. */
  public static @Nullable JsonNode readOrNull(@Nullable String text) {
    if (text == null) {
      return null;
    }
    try {
      return VALUES.readTree(text);
    } catch (JacksonException e) {
      return null;
    }
  }

  /**
   * The mapper for frames between the parent and a worker: a program's value nests a few levels
   * deeper there.
   */
  public static JsonMapper frames() {
    return FRAMES;
  }

  private static JsonMapper mapper(int depth) {
    return JsonMapper.builder(
            JsonFactory.builder()
                .streamReadConstraints(
                    StreamReadConstraints.builder()
                        .maxNestingDepth(depth)
                        .maxNameLength(Integer.MAX_VALUE)
                        .maxStringLength(Integer.MAX_VALUE)
                        .build())
                .streamWriteConstraints(
                    StreamWriteConstraints.builder().maxNestingDepth(depth + FRAME_LEVELS).build())
                .build())
        .build();
  }

  /**
   * Why the host could not read {@code text}: its depth, or the first key with a lone surrogate.
   * Text that {@code JSON.stringify} wrote is well-formed, so one pass over its tokens finds it.
   */
  static String explain(String text, String what) {
    int depth = 0;
    int deepest = 0;
    int n = text.length();
    for (int i = 0; i < n; i++) {
      char c = text.charAt(i);
      if (c == '[' || c == '{') {
        deepest = Math.max(deepest, ++depth);
      } else if (c == ']' || c == '}') {
        depth--;
      } else if (c == '"') {
        StringBuilder decoded = new StringBuilder();
        i = readString(text, i + 1, decoded);
        int next = skipSpace(text, i + 1);
        if (next < n && text.charAt(next) == ':' && hasLoneSurrogate(decoded)) {
          return what
              + " has the key \""
              + shown(decoded)
              + "\", which holds half of a UTF-16 surrogate pair; a key must be whole Unicode"
              + " text: remove or replace that character";
        }
      }
    }
    if (deepest > MAX_DEPTH) {
      return what
          + " nests "
          + deepest
          + " levels deep (arrays and objects inside each other), more than the "
          + MAX_DEPTH
          + " the host reads: flatten it, e.g. into a list of rows";
    }
    return what + " cannot be read back as JSON";
  }

  /** Decodes the string starting at {@code from} into {@code into}; returns its closing quote. */
  private static int readString(String text, int from, StringBuilder into) {
    int i = from;
    while (i < text.length() && text.charAt(i) != '"') {
      char c = text.charAt(i);
      if (c == '\\' && i + 1 < text.length()) {
        char escaped = text.charAt(i + 1);
        if (escaped == 'u' && i + 5 < text.length()) {
          into.append((char) Integer.parseInt(text, i + 2, i + 6, 16));
          i += 6;
          continue;
        }
        into.append(escaped);
        i += 2;
        continue;
      }
      into.append(c);
      i++;
    }
    return i;
  }

  private static int skipSpace(String text, int from) {
    int i = from;
    while (i < text.length() && Character.isWhitespace(text.charAt(i))) {
      i++;
    }
    return i;
  }

  private static boolean hasLoneSurrogate(CharSequence s) {
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (Character.isHighSurrogate(c)
          && i + 1 < s.length()
          && Character.isLowSurrogate(s.charAt(i + 1))) {
        i++;
      } else if (Character.isSurrogate(c)) {
        return true;
      }
    }
    return false;
  }

  /**
   * The key as a reader can see it: at most 40 characters, anything invisible as {@code \\uXXXX}.
   */
  private static String shown(CharSequence key) {
    StringBuilder out = new StringBuilder();
    int n = Math.min(key.length(), SHOWN_KEY_CHARS);
    for (int i = 0; i < n; i++) {
      char c = key.charAt(i);
      if (c < 0x20
          || c == '"'
          || c == '\\'
          || Character.isSurrogate(c)
          || !Character.isDefined(c)
          || Character.getType(c) == Character.FORMAT) {
        out.append(String.format("\\u%04X", (int) c));
      } else {
        out.append(c);
      }
    }
    if (key.length() > n) {
      out.append("...");
    }
    return out.toString();
  }
}
