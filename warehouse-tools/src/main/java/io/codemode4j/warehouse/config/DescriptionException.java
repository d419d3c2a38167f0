package io.codemode4j.warehouse.config;

import java.util.Objects;

/**
 * A description that cannot be served: a key the format lacks, a value of the wrong kind, a table
 * or column the database does not have. The message is one line that names the file and line, what
 * is wrong and how to fix it: {@code shop.yaml:12: table 'ordrs' does not exist in schema shop
 * (tables there: orders, stores): correct the name or remove the table}.
 */
public final class DescriptionException extends Exception {

  private static final long serialVersionUID = 1L;

  public DescriptionException(String message) {
    super(Objects.requireNonNull(message, "message"));
  }

  public DescriptionException(String message, Throwable cause) {
    super(Objects.requireNonNull(message, "message"), cause);
  }

  /** The problem at {@code pointer} of the description from {@code origin}. */
  public static DescriptionException at(DescriptionOrigin origin, String pointer, String problem) {
    return new DescriptionException(origin.at(pointer) + ": " + problem);
  }

  @Override
  public String getMessage() {
    return Objects.requireNonNull(super.getMessage());
  }
}
