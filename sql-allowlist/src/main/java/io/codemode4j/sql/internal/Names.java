package io.codemode4j.sql.internal;

import java.util.Objects;
import java.util.regex.Pattern;

/**
 * How names are compared. DuckDB matches identifiers case-insensitively, folding ASCII letters
 * only; so do we ({@link #fold}), so that no name can match here and not there (Java's full
 * lowercasing would turn the Kelvin sign into {@code k}). Names given in configuration (tables,
 * tenant columns, catalog, extra functions) are plain lowercase ASCII identifiers, already folded
 * and needing no quoting rules.
 */
public final class Names {

  private static final Pattern CONFIGURED = Pattern.compile("[a-z_][a-z0-9_]{0,62}");

  private Names() {}

  /** {@code name} with ASCII letters lowercased and every other character kept. */
  static String fold(String name) {
    StringBuilder folded = null;
    for (int i = 0; i < name.length(); i++) {
      char c = name.charAt(i);
      if (c >= 'A' && c <= 'Z') {
        if (folded == null) {
          folded = new StringBuilder(name);
        }
        folded.setCharAt(i, (char) (c + ('a' - 'A')));
      }
    }
    return folded == null ? name : folded.toString();
  }

  /**
   * {@code name} if it is a configured identifier, else an {@link IllegalArgumentException} naming
   * {@code what} it is; public for the API's builder and records, which check their names with it.
   */
  public static String requireIdentifier(String name, String what) {
    Objects.requireNonNull(name, what);
    if (!CONFIGURED.matcher(name).matches()) {
      throw new IllegalArgumentException(
          what + " '" + name + "' is not valid: use a lowercase identifier [a-z_][a-z0-9_]*");
    }
    return name;
  }
}
