package io.codemode4j.engine.mariadb;

import java.util.Objects;
import java.util.regex.Pattern;

/**
 * Names this module writes into MariaDB statements (databases, tables, columns, accounts), checked
 * so that no escaping is ever needed; tenant values are literals of their key's type ({@code
 * TenantScope.ByColumn#literals}), of characters that need none either.
 *
 * <p>Decided: identifiers are lowercase ASCII ({@code [a-z_][a-z0-9_]*}, at most 64 characters, the
 * server's limit) and written in backticks, which mean an identifier under every {@code sql_mode};
 * no literal written holds a quote or a backslash, since a backslash escapes in MariaDB's literals
 * unless {@code NO_BACKSLASH_ESCAPES} is set, so a literal that held one would read differently
 * under two modes.
 */
final class MariaDbNames {

  private static final Pattern IDENTIFIER = Pattern.compile("[a-z_][a-z0-9_]{0,63}");

  /** Account names: what a tenant user template may produce ({@code TenantUserTemplate}). */
  private static final Pattern ACCOUNT = Pattern.compile("[A-Za-z0-9_.@$-]{1,80}");

  private MariaDbNames() {}

  /** {@code name} if it is a plain lowercase identifier. */
  static String requireIdentifier(String name, String what) {
    Objects.requireNonNull(name, what);
    if (!IDENTIFIER.matcher(name).matches()) {
      throw new IllegalArgumentException(
          what
              + " '"
              + name
              + "' is not valid for MariaDB here: use a lowercase identifier [a-z_][a-z0-9_]*"
              + " of at most 64 characters");
    }
    return name;
  }

  /** {@code name}, checked, in backticks. */
  static String quote(String name) {
    return '`' + requireIdentifier(name, "identifier") + '`';
  }

  /** {@code database}.{@code table}, each checked and in backticks. */
  static String qualified(String database, String table) {
    return quote(database) + "." + quote(table);
  }

  /** The account {@code user}@{@code '%'}: the user from any host, its name checked. */
  static String account(String user) {
    Objects.requireNonNull(user, "user");
    if (!ACCOUNT.matcher(user).matches()) {
      throw new IllegalArgumentException(
          "MariaDB user '"
              + user
              + "' is not valid here: use 1 to 80 letters, digits and _ . @ $ -");
    }
    return "'" + user + "'@'%'";
  }
}
