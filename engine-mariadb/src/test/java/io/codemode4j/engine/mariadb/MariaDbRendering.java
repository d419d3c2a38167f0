package io.codemode4j.engine.mariadb;

import io.codemode4j.sql.internal.ApprovedTrees;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.apache.calcite.sql.SqlBasicCall;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlJoin;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.SqlWith;
import org.apache.calcite.sql.SqlWithItem;
import org.apache.calcite.sql.util.SqlShuttle;
import org.jspecify.annotations.Nullable;

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

  /**
   * Names every allowlisted table in {@code database}: {@code main.t} (as the walker qualifies a
   * tenant's filtered tables) and a bare {@code t} in a FROM clause (the DuckDB dialect keeps bare
   * names) that no WITH clause of the query defines. The table naming a MariaDB dialect needs, so
   * that the connection's default database never decides what a name means.
   */
  private static final class InDatabase extends SqlShuttle {
    private final String database;
    private final Set<String> tables = BillingMariaDb.scopes().keySet();
    private final Set<String> ctes = new HashSet<>();

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

    @Override
    public @Nullable SqlNode visit(SqlCall call) {
      if (call instanceof SqlWith with) {
        for (SqlNode item : with.withList) {
          ctes.add(((SqlWithItem) item).name.getSimple().toLowerCase(Locale.ROOT));
        }
      }
      SqlNode visited = super.visit(call);
      if (visited instanceof SqlSelect select && select.getFrom() instanceof SqlNode from) {
        SqlNode qualified = inFrom(from);
        if (qualified != from) {
          SqlSelect copy = (SqlSelect) select.clone(select.getParserPosition());
          copy.setFrom(qualified);
          return copy;
        }
      }
      return visited;
    }

    /** {@code from} with its bare allowlisted tables qualified; itself when it has none. */
    private SqlNode inFrom(SqlNode from) {
      if (from instanceof SqlIdentifier id
          && id.isSimple()
          && tables.contains(id.getSimple().toLowerCase(Locale.ROOT))
          && !ctes.contains(id.getSimple().toLowerCase(Locale.ROOT))) {
        return new SqlIdentifier(List.of(database, id.getSimple()), id.getParserPosition());
      }
      if (from instanceof SqlBasicCall as && as.getKind() == SqlKind.AS) {
        SqlNode table = inFrom(as.operand(0));
        if (table != as.operand(0)) {
          SqlBasicCall copy = (SqlBasicCall) as.clone(as.getParserPosition());
          copy.setOperand(0, table);
          return copy;
        }
      }
      if (from instanceof SqlJoin join) {
        SqlNode left = inFrom(join.getLeft());
        SqlNode right = inFrom(join.getRight());
        if (left != join.getLeft() || right != join.getRight()) {
          SqlJoin copy = (SqlJoin) join.clone(join.getParserPosition());
          copy.setLeft(left);
          copy.setRight(right);
          return copy;
        }
      }
      return from;
    }
  }
}
