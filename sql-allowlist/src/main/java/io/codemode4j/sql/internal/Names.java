package io.codemode4j.sql.internal;

import java.util.Objects;
import java.util.regex.Pattern;
import org.apache.calcite.sql.SqlIdentifier;

/**
 * How names are compared. DuckDB matches identifiers case-insensitively, folding ASCII letters
 * only; so do we ({@link #fold}), so that no name can match here and not there (Java's full
 * lowercasing would turn the Kelvin sign into {@code k}). Names given in configuration (tables,
 * tenant columns, catalog, extra functions) are plain lowercase ASCII identifiers, already folded
 * and needing no quoting rules.
 *
 * <p>Decided: one identifier rule for the module, {@link #PLAIN} after folding. A name written in a
 * query that must be plain (a CTE's, {@link #isPlain}) may be in any case; a configured name
 * ({@link #requireIdentifier}) must be folded already and at most {@value #MAX_CONFIGURED_LENGTH}
 * characters.
 */
public final class Names {

  /** A plain identifier, folded: a letter or {@code _}, then letters, digits and {@code _}. */
  private static final Pattern PLAIN = Pattern.compile("[a-z_][a-z0-9_]*");

  private static final int MAX_CONFIGURED_LENGTH = 63;

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
   * Whether component {@code i} of {@code id} was written in double quotes. The parser records this
   * per component of a compound name, and in the position of a simple one; when it recorded
   * neither, unquoted. The one quoting test for names in the tree: the walker's, the DuckDB forms'
   * and the rendering passes' decisions about keywords written as names all ask it.
   */
  static boolean isQuoted(SqlIdentifier id, int i) {
    return id.isComponentQuoted(i) || (id.names.size() == 1 && id.getParserPosition().isQuoted());
  }

  /** Whether {@code name}, as written in a query, is a plain identifier in any case of letters. */
  static boolean isPlain(String name) {
    return PLAIN.matcher(fold(name)).matches();
  }

  /**
   * {@code name} if it is a configured identifier, else an {@link IllegalArgumentException} naming
   * {@code what} it is; public for the API's builder and records, which check their names with it.
   */
  public static String requireIdentifier(String name, String what) {
    Objects.requireNonNull(name, what);
    if (name.length() > MAX_CONFIGURED_LENGTH || !PLAIN.matcher(name).matches()) {
      throw new IllegalArgumentException(
          what + " '" + name + "' is not valid: use a lowercase identifier [a-z_][a-z0-9_]*");
    }
    return name;
  }
}
