package io.codemode4j.bridge.schema;

import io.codemode4j.bridge.CodeMode;
import java.util.Objects;

/**
 * {@link CodeMode#describe} refused its request; the message says which path or how many bytes, and
 * what to ask for instead.
 *
 * <p>Decided: an exception is named {@code ...Exception} (it was {@code CodeModeDescriptionError},
 * which reads as a {@link Error}). It stays unchecked: a request the host builds from a model's
 * paths is checked by {@code describe} itself, and a caller that wants the refusal catches it where
 * it turns it into a message.
 */
public final class CodeModeDescriptionException extends RuntimeException {

  /** What was wrong with the request. */
  public enum Kind {
    /** No paths, or more than {@value DescribeOptions#MAX_PATHS}. */
    PATH_COUNT,
    /** A path that is not {@code namespace.method}. */
    INVALID_PATH,
    /** The same path twice. */
    DUPLICATE_PATH,
    /** A well-formed path that the allowlist does not hold. */
    UNKNOWN_PATH,
    /** The declarations are larger than {@link DescribeOptions#maxBytes()}. */
    TOO_LARGE
  }

  private static final long serialVersionUID = 1L;

  private final Kind kind;

  public CodeModeDescriptionException(Kind kind, String message) {
    super(Objects.requireNonNull(message, "message"));
    this.kind = Objects.requireNonNull(kind, "kind");
  }

  public Kind kind() {
    return kind;
  }
}
