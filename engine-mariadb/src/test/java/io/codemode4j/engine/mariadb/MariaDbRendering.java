package io.codemode4j.engine.mariadb;

import io.codemode4j.sql.internal.ApprovedTrees;
import java.util.List;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.util.SqlShuttle;

/**
 * An approved tree as the MariaDB dialect will render it, assembled from its pieces until the
 * allowlist can hold them: the tree rewrites ({@link #REWRITTEN}: DuckDB's quotient and null order)
 * or none ({@link #PLAIN}), the allowlisted tables in {@code database}, and {@link
 * MariaDbSqlDialect}'s unparse with every identifier quoted and every expression parenthesised, as
 * every renderer of the allowlist writes.
 */
enum MariaDbRendering {
  /** The unparse alone. */
  PLAIN,
  /** The unparse after the rewrites: a divisor cast to DOUBLE, ascending NULLs last. */
  REWRITTEN;

  /** {@code approved} for MariaDB, its tables (named {@code main.t} by the walker) in database. */
  String render(SqlNode approved, String database) {
    SqlNode tree = approved;
    if (this == REWRITTEN) {
      tree = MariaDbNullOrder.apply(ApprovedTrees.fractionalDivision(tree));
    }
    tree = ApprovedTrees.subqueryParentheses(tree.accept(new InDatabase(database)));
    return tree.toSqlString(
            config ->
                config
                    .withDialect(MariaDbSqlDialect.INSTANCE)
                    .withQuoteAllIdentifiers(true)
                    .withAlwaysUseParentheses(true))
        .getSql();
  }

  /** Names {@code main.t} as {@code database.t}: the table naming a MariaDB dialect needs. */
  private static final class InDatabase extends SqlShuttle {
    private final String database;

    InDatabase(String database) {
      this.database = database;
    }

    @Override
    public SqlNode visit(SqlIdentifier id) {
      if (id.names.size() == 2 && id.names.get(0).equalsIgnoreCase("main")) {
        return new SqlIdentifier(List.of(database, id.names.get(1)), id.getParserPosition());
      }
      return id;
    }
  }
}
