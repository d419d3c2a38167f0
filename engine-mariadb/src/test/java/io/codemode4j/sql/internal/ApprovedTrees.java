package io.codemode4j.sql.internal;

import io.codemode4j.sql.QueryPolicy;
import io.codemode4j.sql.SqlRefusedException;
import io.codemode4j.sql.TenantScope;
import io.codemode4j.sql.dialect.Dialect;
import java.util.HashSet;
import java.util.Map;
import java.util.Optional;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * A test hook, not an API: the approved tree that {@link Approver} hands to {@link Dialect#render},
 * for rendering it through a dialect the allowlist does not have yet (MariaDB's {@code
 * MariaDbSqlDialect}). The same steps as {@code Approver.approve}, in this package so that its
 * package-private passes are reachable from engine-mariadb's tests; it goes away when the
 * allowlist's open dialect builder lets a MariaDB dialect be configured.
 */
public final class ApprovedTrees {

  private ApprovedTrees() {}

  /**
   * The tree {@code sql} is approved as under {@code policy}, with its row cap, over {@code tables}
   * in {@code dialect}'s reading.
   *
   * @throws SqlRefusedException as the allowlist refuses it
   */
  public static SqlNode approve(
      String sql, Dialect dialect, Map<String, TenantScope> tables, QueryPolicy policy)
      throws SqlRefusedException {
    AllowedTables allowed = new AllowedTables(tables, dialect.schema());
    FunctionAllowlist functions =
        new FunctionAllowlist(new HashSet<>(dialect.defaultFunctions()), dialect);
    SqlScan scan = new QueryParser(16 * 1024, dialect).check(sql);
    if (!QueryParser.namesAWordCoreReserves(scan)) {
      Optional<SqlNode> query = QueryParser.parseWithCore(sql);
      if (query.isPresent()) {
        try {
          return approve(query.get(), scan, dialect, allowed, functions, policy);
        } catch (SqlRefusedException refused) {
          // Babel decides every refusal, as in Approver.
        }
      }
    }
    CastPrecedence.Reparsed parsed = CastPrecedence.parse(scan, dialect);
    try {
      return approve(parsed.query(), parsed.parsed(), dialect, allowed, functions, policy);
    } catch (SqlRefusedException refused) {
      throw parsed.inSubmittedText(refused);
    }
  }

  private static SqlNode approve(
      SqlNode parsed,
      SqlScan text,
      Dialect dialect,
      AllowedTables tables,
      FunctionAllowlist functions,
      QueryPolicy policy)
      throws SqlRefusedException {
    TreeDepth.check(parsed);
    boolean mayHaveCtes = text.hasWord("WITH");
    QueryWalker walker =
        policy
            .tenant()
            .map(
                tenant ->
                    QueryWalker.forTenant(
                        dialect, tables, functions, new TenantFilter(tables, tenant), mayHaveCtes))
            .orElseGet(() -> QueryWalker.unscoped(dialect, tables, functions, mayHaveCtes));
    SqlNode query = AsWritten.keep(ConcatPrecedence.regroup(parsed, text), text, dialect);
    walker.approve(query);
    StringGrowth.check(query);
    return RowCap.apply(query, policy.maxRows() + 1);
  }

  /** {@code tree} with every divisor cast to {@code DOUBLE}, as the Trino dialect renders it. */
  public static SqlNode fractionalDivision(SqlNode tree) {
    return tree.accept(new FractionalDivision("DOUBLE", SqlTypeName.DOUBLE));
  }

  /** {@code tree} with its value subqueries in parentheses, as every renderer writes them. */
  public static SqlNode subqueryParentheses(SqlNode tree) {
    return SubqueryParentheses.needed(tree) ? tree.accept(new SubqueryParentheses()) : tree;
  }
}
