package io.codemode4j.sql.internal;

import io.codemode4j.sql.Tenant;
import io.codemode4j.sql.TenantScope;
import java.util.List;
import java.util.Objects;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.jspecify.annotations.Nullable;

/**
 * Builds, for one tenant, the derived table that replaces a reference to an allowlisted table:
 * {@code (SELECT * FROM main.orders AS tenant_0 WHERE tenant_0.area IN ('north'))}.
 *
 * <p>Everything here is generated, never parsed from user text. Tables are fully qualified (a CTE
 * named like a table cannot capture them) and columns are qualified by the generated alias (a
 * column missing from a parent table cannot silently bind to an outer query). Key value literals
 * come from a validated {@link Tenant}, sorted so the same tenant always yields the same SQL, and
 * are written in the key's type ({@link TenantScope.KeyType}).
 */
final class TenantFilter {

  private static final String ALIAS_PREFIX = "tenant_";

  private final AllowedTables tables;
  private final Tenant tenant;

  TenantFilter(AllowedTables tables, Tenant tenant) {
    this.tables = tables;
    this.tenant = tenant;
  }

  /**
   * The tenant's rows of {@code table}, as a query to use as a derived table: all of them when it
   * is {@linkplain TenantScope.Shared shared}.
   */
  SqlNode rowsOf(String table, SqlParserPos pos) {
    return selectFrom(table, 0, SqlIdentifier.star(pos), pos);
  }

  /**
   * The rows of {@code table} that are not the tenant's, as a query of one constant column, or
   * {@code null} when the table is shared (every row is every tenant's): {@code SELECT 1 FROM
   * main.table AS tenant_0 WHERE NOT (<table's scope condition>)}. Run on a connection that is
   * meant to read the tenant's rows alone, any row it answers proves that connection reads another
   * tenant's. A row whose key is null is nobody's, so NOT of its unknown condition leaves it out.
   */
  @Nullable SqlSelect foreignRowsOf(String table, SqlParserPos pos) {
    SqlSelect select = selectFrom(table, 0, SqlLiteral.createExactNumeric("1", pos), pos);
    SqlNode kept = select.getWhere();
    if (kept == null) {
      return null;
    }
    select.setWhere(SqlStdOperatorTable.NOT.createCall(pos, kept));
    return select;
  }

  /** {@code SELECT item FROM main.table AS tenant_<depth> WHERE <table's scope condition>}. */
  private SqlSelect selectFrom(String table, int depth, SqlNode item, SqlParserPos pos) {
    String alias = ALIAS_PREFIX + depth;
    SqlNode from =
        SqlStdOperatorTable.AS.createCall(
            pos, tables.qualified(table, pos), new SqlIdentifier(alias, pos));
    return new SqlSelect(
        pos,
        null,
        SqlNodeList.of(item),
        from,
        condition(table, alias, depth, pos),
        null,
        null,
        null,
        null,
        null,
        null,
        null,
        null);
  }

  private @Nullable SqlNode condition(String table, String alias, int depth, SqlParserPos pos) {
    return switch (Objects.requireNonNull(tables.scope(table), "an approved table has a scope")) {
      // No condition: every tenant reads all of a shared table (never a parent: the builder
      // refuses a table scoped through a shared one).
      case TenantScope.Shared shared -> null;
      case TenantScope.ByColumn byColumn -> keyCondition(alias, byColumn, pos);
      case TenantScope.ThroughParent parent ->
          SqlStdOperatorTable.IN.createCall(
              pos,
              column(alias, parent.column(), pos),
              selectFrom(
                  parent.parentTable(),
                  depth + 1,
                  column(ALIAS_PREFIX + (depth + 1), parent.parentColumn(), pos),
                  pos));
    };
  }

  /**
   * {@code alias.column IN (<the tenant's values as literals of the key's type>)}, or {@code FALSE}
   * when the key can hold none of them (no row is the tenant's).
   */
  private SqlNode keyCondition(String alias, TenantScope.ByColumn key, SqlParserPos pos) {
    List<String> values = key.values(tenant);
    if (values.isEmpty()) {
      return SqlLiteral.createBoolean(false, pos);
    }
    List<SqlNode> literals =
        values.stream()
            .<SqlNode>map(
                value ->
                    switch (key.type()) {
                      case TEXT -> SqlLiteral.createCharString(value, pos);
                      case INTEGER -> SqlLiteral.createExactNumeric(value, pos);
                    })
            .toList();
    return SqlStdOperatorTable.IN.createCall(
        pos, column(alias, key.column(), pos), new SqlNodeList(literals, pos));
  }

  private static SqlIdentifier column(String alias, String column, SqlParserPos pos) {
    return new SqlIdentifier(List.of(alias, column), pos);
  }
}
