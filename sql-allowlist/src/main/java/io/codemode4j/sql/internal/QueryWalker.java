package io.codemode4j.sql.internal;

import io.codemode4j.sql.RefusalReason;
import io.codemode4j.sql.SqlRefusedException;
import io.codemode4j.sql.dialect.Advice;
import io.codemode4j.sql.dialect.Dialect;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import org.apache.calcite.sql.JoinType;
import org.apache.calcite.sql.SqlBasicTypeNameSpec;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlCharStringLiteral;
import org.apache.calcite.sql.SqlDataTypeSpec;
import org.apache.calcite.sql.SqlDynamicParam;
import org.apache.calcite.sql.SqlFunction;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlIntervalLiteral;
import org.apache.calcite.sql.SqlIntervalQualifier;
import org.apache.calcite.sql.SqlJoin;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlNumericLiteral;
import org.apache.calcite.sql.SqlOrderBy;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.SqlSelectKeyword;
import org.apache.calcite.sql.SqlSetOperator;
import org.apache.calcite.sql.SqlStarExclude;
import org.apache.calcite.sql.SqlStarReplace;
import org.apache.calcite.sql.SqlUnknownLiteral;
import org.apache.calcite.sql.SqlUnresolvedFunction;
import org.apache.calcite.sql.SqlUserDefinedTypeNameSpec;
import org.apache.calcite.sql.SqlWindow;
import org.apache.calcite.sql.SqlWith;
import org.apache.calcite.sql.SqlWithItem;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.jspecify.annotations.Nullable;

/**
 * Checks a parsed query, fail-closed, and rewrites its table references in place.
 *
 * <p>Every node is visited in a known context (query, FROM item, expression, select item, ORDER BY
 * item) and accepted only if its kind is listed for that context; every function must also be named
 * in the {@link FunctionAllowlist}. Anything else, including node kinds a later Calcite might add,
 * is refused.
 *
 * <p>Table references are resolved with CTE scoping: a non-recursive CTE's name is visible to the
 * WITH items after it and to the query body, not to its own body, so {@code WITH orders AS (SELECT
 * * FROM orders ...)} reads the real table inside and the CTE outside. Each reference to a real
 * table is replaced by its fully qualified name or, for a tenant, by a derived table holding only
 * the tenant's rows ({@link TenantFilter}), aliased as the reference was (or by the table's name)
 * so qualified column references still resolve. Without a tenant, a reference stays as written
 * where it cannot mean anything but the table ({@link #writtenNameResolves}).
 *
 * <p>Before the walk, {@link DuckDbForms#normalise} puts DuckDB forms Calcite has no node for into
 * the tree ({@code first(x)}, {@code f(x IGNORE NULLS)}, {@code ORDER BY ALL}, table functions in
 * FROM); the walker accepts each form only where DuckDB takes it, checks what it holds like any
 * expression, and bounds what it may produce: {@link SeriesBounds} the rows of {@code
 * generate_series}/{@code range}, {@link WidthBounds} the widths of {@code lpad}, {@code rpad},
 * {@code printf} and {@code format}.
 *
 * <p>One walker checks one query; it is not thread-safe.
 */
final class QueryWalker {

  /**
   * Deeper nesting is refused rather than risking the stack of whatever thread calls approve():
   * {@link TreeDepth} checks the parsed tree against the same limit; this check holds it for the
   * tree as the passes before the walk rewrote it.
   */
  private static final int MAX_DEPTH = TreeDepth.MAX_DEPTH;

  /**
   * Kinds of a query: the only statements accepted, and what a subquery or derived table may be.
   */
  static final Set<SqlKind> QUERY_KINDS =
      EnumSet.of(
          SqlKind.SELECT,
          SqlKind.ORDER_BY,
          SqlKind.WITH,
          SqlKind.UNION,
          SqlKind.INTERSECT,
          SqlKind.EXCEPT,
          SqlKind.VALUES);

  /** Operators (not functions) whose operands are plain expressions. */
  private static final Set<SqlKind> OPERATOR_KINDS =
      EnumSet.of(
          SqlKind.AND,
          SqlKind.OR,
          SqlKind.NOT,
          SqlKind.EQUALS,
          SqlKind.NOT_EQUALS,
          SqlKind.LESS_THAN,
          SqlKind.LESS_THAN_OR_EQUAL,
          SqlKind.GREATER_THAN,
          SqlKind.GREATER_THAN_OR_EQUAL,
          SqlKind.IS_DISTINCT_FROM,
          SqlKind.IS_NOT_DISTINCT_FROM,
          SqlKind.PLUS,
          SqlKind.MINUS,
          SqlKind.TIMES,
          SqlKind.DIVIDE,
          SqlKind.MOD,
          SqlKind.MINUS_PREFIX,
          SqlKind.PLUS_PREFIX,
          SqlKind.LIKE,
          SqlKind.SIMILAR,
          SqlKind.BETWEEN,
          SqlKind.IN,
          SqlKind.NOT_IN,
          SqlKind.SOME,
          SqlKind.ALL,
          SqlKind.EXISTS,
          SqlKind.IS_NULL,
          SqlKind.IS_NOT_NULL,
          SqlKind.IS_TRUE,
          SqlKind.IS_NOT_TRUE,
          SqlKind.IS_FALSE,
          SqlKind.IS_NOT_FALSE,
          SqlKind.IS_UNKNOWN,
          SqlKind.CASE,
          SqlKind.ROW,
          SqlKind.INTERVAL,
          SqlKind.FILTER,
          SqlKind.WITHIN_GROUP,
          SqlKind.DESCENDING,
          SqlKind.NULLS_FIRST,
          SqlKind.NULLS_LAST,
          SqlKind.PRECEDING,
          SqlKind.FOLLOWING,
          SqlKind.GROUPING_SETS,
          SqlKind.ROLLUP,
          SqlKind.CUBE);

  /**
   * Kinds the parser gives to calls of allowlisted functions. A call needs both an allowlisted name
   * and one of these kinds: Babel maps some names to special operators that render differently (it
   * reads {@code first(x)} as MATCH_RECOGNIZE's FIRST and renders {@code FIRST(x, 0)}; {@link
   * DuckDbForms} turns the one-argument form back into the aggregate, and any other is refused).
   */
  private static final Set<SqlKind> FUNCTION_KINDS =
      EnumSet.of(
          SqlKind.OTHER_FUNCTION,
          SqlKind.TRIM,
          SqlKind.POSITION,
          SqlKind.EXTRACT,
          SqlKind.DATE_TRUNC,
          SqlKind.TIMESTAMP_DIFF,
          SqlKind.FLOOR,
          SqlKind.CEIL,
          SqlKind.STRING_AGG,
          SqlKind.PERCENTILE_CONT,
          SqlKind.PERCENTILE_DISC);

  private static final Set<JoinType> JOIN_TYPES =
      EnumSet.of(
          JoinType.INNER,
          JoinType.LEFT,
          JoinType.RIGHT,
          JoinType.FULL,
          JoinType.CROSS,
          JoinType.COMMA);

  /** Unquoted aliases that are DuckDB join keywords: {@code a ANTI JOIN b} parses as alias ANTI. */
  private static final Set<String> JOIN_KEYWORD_ALIASES =
      Set.of("anti", "semi", "asof", "positional");

  /** Typed literals, e.g. {@code DATE '2024-01-31'}. */
  private static final Set<String> LITERAL_TAGS = Set.of("DATE", "TIME", "TIMESTAMP");

  /**
   * The number of operands of a SELECT in Calcite 1.42; a new clause must be reviewed, not skipped.
   */
  private static final int SELECT_OPERANDS = 12;

  private final AllowedTables tables;
  private final FunctionAllowlist functions;

  /** {@code null} for a query that sees every row; see {@link #unscoped} and {@link #forTenant}. */
  private final @Nullable TenantFilter tenant;

  private final Set<String> tablesRead = new TreeSet<>();

  /** The names of the query's CTEs, folded ({@link #writtenNameResolves}). */
  private final Set<String> cteNames = new HashSet<>();

  private final SeriesBounds series;
  private final boolean mayHaveCtes;
  private final Dialect dialect;
  private final Advisor advisor;
  private int depth;

  /**
   * A walker for a query that sees every row.
   *
   * @param mayHaveCtes {@code false} when the text has no {@code WITH}, so no CTE needs collecting
   */
  static QueryWalker unscoped(
      Advisor advisor, AllowedTables tables, FunctionAllowlist functions, boolean mayHaveCtes) {
    return new QueryWalker(advisor, tables, functions, null, mayHaveCtes);
  }

  /**
   * A walker that replaces every table reference by {@code tenant}'s rows of the table.
   *
   * @param mayHaveCtes {@code false} when the text has no {@code WITH}, so no CTE needs collecting
   */
  static QueryWalker forTenant(
      Advisor advisor,
      AllowedTables tables,
      FunctionAllowlist functions,
      @Nullable TenantFilter tenant,
      boolean mayHaveCtes) {
    return new QueryWalker(
        advisor, tables, functions, Objects.requireNonNull(tenant, "tenant"), mayHaveCtes);
  }

  /**
   * Decided: two factories and a private nullable field rather than an {@code Optional} parameter,
   * so that no caller passes "no tenant" as a value.
   */
  private QueryWalker(
      Advisor advisor,
      AllowedTables tables,
      FunctionAllowlist functions,
      @Nullable TenantFilter tenant,
      boolean mayHaveCtes) {
    this.advisor = advisor;
    this.dialect = advisor.dialect();
    this.series = new SeriesBounds(functions);
    this.tables = tables;
    this.functions = functions;
    this.tenant = tenant;
    this.mayHaveCtes = mayHaveCtes;
  }

  /** Checks {@code query} and rewrites its table references in place. */
  void approve(SqlNode query) throws SqlRefusedException {
    DuckDbForms.normalise(query);
    if (mayHaveCtes) {
      collectCteNames(query);
    }
    query(query, Scope.EMPTY);
  }

  /**
   * The names of all CTEs anywhere in the tree, folded: a written table name might mean one of
   * them.
   */
  private void collectCteNames(SqlNode node) {
    if (node instanceof SqlWithItem item && item.name.isSimple()) {
      cteNames.add(Names.fold(item.name.getSimple()));
    }
    if (node instanceof SqlNodeList list) {
      list.forEach(element -> collectCteNames(element));
    } else if (node instanceof SqlCall call) {
      call.getOperandList()
          .forEach(
              operand -> {
                if (operand != null) {
                  collectCteNames(operand);
                }
              });
    }
  }

  /** The allowlisted tables the approved query reads. */
  Set<String> tablesRead() {
    return Set.copyOf(tablesRead);
  }

  /** The CTE names visible at a point of the query, lowercase. */
  private record Scope(Set<String> ctes) {
    static final Scope EMPTY = new Scope(Set.of());

    Scope with(String cte) {
      Set<String> names = new HashSet<>(ctes);
      names.add(cte);
      return new Scope(Set.copyOf(names));
    }

    boolean hasCte(String name) {
      return ctes.contains(name);
    }
  }

  // ---------------------------------------------------------------- queries

  private void query(SqlNode node, Scope scope) throws SqlRefusedException {
    enter(node);
    try {
      switch (node) {
        case SqlSelect select -> select(select, scope);
        case SqlOrderBy orderBy -> orderBy(orderBy, scope);
        case SqlWith with -> with(with, scope);
        case SqlCall call when call.getOperator() instanceof SqlSetOperator -> {
          for (SqlNode operand : call.getOperandList()) {
            query(operand, scope);
          }
        }
        case SqlCall call when call.getKind() == SqlKind.VALUES -> values(call, scope);
        case SqlCall call when call.getKind() == SqlKind.EXPLICIT_TABLE ->
            throw refuse(RefusalReason.UNSUPPORTED_SYNTAX, "TABLE", call, DuckDbIdioms.TABLE_HINT);
        default -> throw unsupported(node);
      }
    } finally {
      depth--;
    }
  }

  private void select(SqlSelect select, Scope scope) throws SqlRefusedException {
    if (select.getOperandList().size() != SELECT_OPERANDS) {
      throw unsupported(select);
    }
    for (SqlNode keyword : (SqlNodeList) select.getOperandList().get(0)) {
      if (DuckDbForms.isCallOf(keyword, DuckDbForms.DISTINCT_ON)) {
        operands((SqlCall) keyword, scope);
        continue;
      }
      if (!(keyword instanceof SqlLiteral literal)
          || !(literal.getValue() == SqlSelectKeyword.DISTINCT
              || literal.getValue() == SqlSelectKeyword.ALL)) {
        throw unsupported(keyword);
      }
    }
    if (select.hasHints()) {
      throw refuse(
          RefusalReason.UNSUPPORTED_NODE,
          "/*+",
          Objects.requireNonNull(select.getHints()),
          "query hints /*+ ... */ are not supported: remove them");
    }
    if (select.getFrom() != null) {
      select.setFrom(fromItem(select.getFrom(), scope));
    }
    for (SqlNode item : select.getSelectList()) {
      selectItem(item, scope);
    }
    expression(select.getWhere(), scope);
    if (!isAllColumns(select.getGroup())) {
      expression(select.getGroup(), scope);
    }
    expression(select.getHaving(), scope);
    for (SqlNode window : select.getWindowList()) {
      expression(window, scope);
    }
    expression(select.getQualify(), scope);
    orderItems(select.getOrderList(), scope);
    rowCount(select.getOffset());
    rowCount(select.getFetch());
  }

  private void orderBy(SqlOrderBy orderBy, Scope scope) throws SqlRefusedException {
    query(orderBy.query, scope);
    orderItems(orderBy.orderList, scope);
    rowCount(orderBy.offset);
    rowCount(orderBy.fetch);
  }

  private void with(SqlWith with, Scope scope) throws SqlRefusedException {
    Scope visible = scope;
    for (SqlNode node : with.withList) {
      if (!(node instanceof SqlWithItem item)) {
        throw unsupported(node);
      }
      if (item.recursive.booleanValue()) {
        throw refuse(
            RefusalReason.RECURSIVE_CTE,
            "WITH RECURSIVE",
            item,
            "recursive CTEs are not allowed: write a non-recursive WITH or aggregate instead");
      }
      String name = cteName(item.name);
      if (item.columnList != null) {
        for (SqlNode column : item.columnList) {
          alias(column);
        }
      }
      // The item's own body sees only the names before it: a non-recursive CTE cannot read itself.
      query(item.query, visible);
      visible = visible.with(name);
    }
    query(with.body, visible);
  }

  private void values(SqlCall values, Scope scope) throws SqlRefusedException {
    for (SqlNode row : values.getOperandList()) {
      expression(row, scope);
    }
  }

  private String cteName(SqlIdentifier name) throws SqlRefusedException {
    alias(name);
    String simple = name.isSimple() ? name.getSimple() : "";
    if (!Names.isPlain(simple)) {
      String written = String.join(".", name.names);
      throw refuse(
          RefusalReason.UNSUPPORTED_SYNTAX,
          written,
          name,
          "CTE name '"
              + written
              + "' is not a plain identifier: name it with letters, digits and _, e.g. WITH monthly AS (...)");
    }
    return Names.fold(simple);
  }

  /** LIMIT and OFFSET: a whole number written in the query, or absent. */
  private static void rowCount(@Nullable SqlNode count) throws SqlRefusedException {
    if (count != null
        && !(count instanceof SqlNumericLiteral number
            && number.isInteger()
            && NumericLiterals.value(number).signum() >= 0)) {
      throw refuse(
          RefusalReason.UNSUPPORTED_SYNTAX,
          count.toString(),
          count,
          "LIMIT and OFFSET take a whole number, e.g. LIMIT 100");
    }
  }

  // ---------------------------------------------------------------- FROM

  /** Checks a FROM item and returns it, with table references replaced. */
  private SqlNode fromItem(SqlNode node, Scope scope) throws SqlRefusedException {
    enter(node);
    try {
      return switch (node) {
        case SqlIdentifier id -> {
          SqlNode source = tableSource(id, scope);
          // A derived table needs the alias the bare name gave the table before.
          yield source instanceof SqlIdentifier
              ? source
              : SqlStdOperatorTable.AS.createCall(
                  id.getParserPosition(),
                  source,
                  new SqlIdentifier(id.names.get(id.names.size() - 1), id.getParserPosition()));
        }
        case SqlJoin join -> join(join, scope);
        case SqlCall call when call.getKind() == SqlKind.AS -> aliased(call, scope);
        case SqlCall call when QUERY_KINDS.contains(call.getKind()) -> {
          query(call, scope);
          yield call;
        }
        case SqlCall call when call.getKind() == SqlKind.LATERAL -> lateral(call, scope);
        case SqlCall call when call.getOperator() == DuckDbForms.TABLE_FUNCTION -> {
          SqlCall function = call.operand(0);
          series.check(function);
          operands(function, scope);
          yield call;
        }
        case SqlCall call when call.getKind() == SqlKind.COLLECTION_TABLE ->
            throw tableFunction(call);
        case SqlCall call when call.getKind() == SqlKind.UNNEST ->
            throw refuse(
                RefusalReason.TABLE_FUNCTION,
                "UNNEST",
                call,
                "UNNEST is not allowed in FROM: query the allowlisted tables (allowed: "
                    + tables.allowedList()
                    + ")");
        case SqlCall call when call.getKind() == SqlKind.EXPLICIT_TABLE ->
            throw refuse(RefusalReason.UNSUPPORTED_SYNTAX, "TABLE", call, DuckDbIdioms.TABLE_HINT);
        default -> throw unsupported(node);
      };
    } finally {
      depth--;
    }
  }

  private SqlNode join(SqlJoin join, Scope scope) throws SqlRefusedException {
    JoinType type = join.getJoinType();
    if (!JOIN_TYPES.contains(type)) {
      String hint =
          switch (type) {
            case LEFT_ANTI_JOIN -> DuckDbIdioms.antiJoin(advisor);
            case LEFT_SEMI_JOIN -> DuckDbIdioms.semiJoin(advisor);
            case ASOF, LEFT_ASOF -> DuckDbIdioms.asofJoin(advisor);
            default ->
                type + " joins are not supported: use INNER, LEFT, RIGHT, FULL or CROSS JOIN";
          };
      throw refuse(RefusalReason.UNSUPPORTED_SYNTAX, type.name(), join, hint);
    }
    join.setLeft(fromItem(join.getLeft(), scope));
    join.setRight(fromItem(join.getRight(), scope));
    switch (join.getConditionType()) {
      case NONE -> {}
      case ON -> expression(join.getCondition(), scope);
      case USING -> {
        for (SqlNode column : (SqlNodeList) Objects.requireNonNull(join.getCondition())) {
          alias(column);
        }
      }
      default -> throw unsupported(join);
    }
    return join;
  }

  /** {@code source AS alias [(columns)]}. */
  private SqlNode aliased(SqlCall as, Scope scope) throws SqlRefusedException {
    List<SqlNode> operands = as.getOperandList();
    if (!(operands.get(1) instanceof SqlIdentifier alias)) {
      throw unsupported(as);
    }
    identifier(alias);
    if (alias.isSimple()
        && !Names.isQuoted(alias, 0)
        && JOIN_KEYWORD_ALIASES.contains(Names.fold(alias.getSimple()))) {
      throw refuse(
          RefusalReason.UNSUPPORTED_SYNTAX,
          alias.getSimple(),
          alias,
          joinKeywordHint(Names.fold(alias.getSimple())));
    }
    for (SqlNode column : operands.subList(2, operands.size())) {
      alias(column);
    }
    SqlNode source = operands.get(0);
    as.setOperand(
        0, source instanceof SqlIdentifier id ? tableSource(id, scope) : fromItem(source, scope));
    return as;
  }

  private SqlNode lateral(SqlCall lateral, Scope scope) throws SqlRefusedException {
    SqlNode operand = lateral.getOperandList().get(0);
    if (operand.getKind() == SqlKind.COLLECTION_TABLE) {
      throw tableFunction((SqlCall) operand);
    }
    if (!QUERY_KINDS.contains(operand.getKind())) {
      throw unsupported(operand);
    }
    query(operand, scope);
    return lateral;
  }

  /** A name in FROM: a visible CTE stays as written; a table becomes its approved replacement. */
  private SqlNode tableSource(SqlIdentifier id, Scope scope) throws SqlRefusedException {
    identifier(id);
    if (id.isSimple() && scope.hasCte(Names.fold(id.getSimple()))) {
      return id;
    }
    String table = tables.resolve(id, advisor.examples().table());
    tablesRead.add(table);
    SqlParserPos pos = id.getParserPosition();
    if (tenant != null) {
      return tenant.rowsOf(table, pos);
    }
    return writtenNameResolves(table) ? id : tables.qualified(table, pos);
  }

  /**
   * Whether a table may be rendered as written: DuckDB labels an unaliased scalar subquery with its
   * text, so {@code main.orders} in place of {@code orders} changed a row key. A name is kept where
   * it can only mean the warehouse table: no catalog is configured, no CTE of the query has the
   * name, and it does not start with {@code pg_} (DuckDB's search path ends in pg_catalog, so a
   * bare {@code pg_class} is a catalog view where no table has the name). Otherwise it is rendered
   * fully qualified. A dialect whose engine may resolve a bare name elsewhere (PostgreSQL's search
   * path starts with pg_catalog and the session's temporary schema) gets every table qualified.
   */
  private boolean writtenNameResolves(String table) {
    return dialect.keepsBareTableNames()
        && !tables.hasCatalog()
        && !cteNames.contains(table)
        && !table.startsWith("pg_");
  }

  private SqlRefusedException tableFunction(SqlCall collectionTable) {
    SqlNode function = collectionTable.getOperandList().get(0);
    String name =
        function instanceof SqlCall call ? call.getOperator().getName() : function.toString();
    return refuse(
        RefusalReason.TABLE_FUNCTION,
        name,
        collectionTable,
        "table functions are not allowed in FROM: query the allowlisted tables (allowed: "
            + tables.allowedList()
            + ")");
  }

  private String joinKeywordHint(String keyword) {
    return switch (keyword) {
      case "anti" -> DuckDbIdioms.antiJoin(advisor);
      case "semi" -> DuckDbIdioms.semiJoin(advisor);
      case "asof" -> DuckDbIdioms.asofJoin(advisor);
      default -> DuckDbIdioms.POSITIONAL_JOIN_HINT;
    };
  }

  // ---------------------------------------------------------------- select list and ORDER BY

  private void selectItem(SqlNode item, Scope scope) throws SqlRefusedException {
    switch (item) {
      case SqlCall as when as.getKind() == SqlKind.AS -> {
        List<SqlNode> operands = as.getOperandList();
        if (operands.size() != 2) {
          throw unsupported(as);
        }
        expression(operands.get(0), scope);
        alias(operands.get(1));
        columnAlias((SqlIdentifier) operands.get(1));
      }
      case SqlStarExclude exclude -> {
        identifier(exclude.getStarIdentifier());
        for (SqlNode column : exclude.getExcludeList()) {
          alias(column);
        }
      }
      case SqlStarReplace replace -> {
        identifier(replace.getStarIdentifier());
        for (SqlNode replacement : replace.getReplaceList()) {
          selectItem(replacement, scope);
        }
      }
      default -> expression(item, scope);
    }
  }

  /**
   * A select item's alias DuckDB would read as syntax when written after the expression without AS.
   */
  private void columnAlias(SqlIdentifier alias) throws SqlRefusedException {
    String name = Names.fold(alias.getSimple());
    String meaning = Names.isQuoted(alias, 0) ? null : dialect.postfixKeywords().get(name);
    if (meaning != null) {
      throw refuse(
          RefusalReason.UNSUPPORTED_SYNTAX,
          alias.getSimple(),
          alias,
          name.toUpperCase(Locale.ROOT)
              + " after an expression is "
              + dialect.name()
              + " syntax for "
              + meaning
              + ": to name a column so, quote it, e.g. x AS \""
              + name
              + "\"");
    }
  }

  private void orderItems(@Nullable SqlNodeList items, Scope scope) throws SqlRefusedException {
    if (items == null || isAllColumns(items)) {
      return;
    }
    for (SqlNode item : items) {
      SqlNode key = item;
      while (key instanceof SqlCall call
          && (key.getKind() == SqlKind.DESCENDING
              || key.getKind() == SqlKind.NULLS_FIRST
              || key.getKind() == SqlKind.NULLS_LAST)) {
        key = call.getOperandList().get(0);
      }
      // DuckDB's ORDER BY ALL parses here as a column named ALL.
      if (key instanceof SqlIdentifier id && DuckDbForms.isUnquotedAll(id)) {
        throw refuse(
            RefusalReason.UNSUPPORTED_SYNTAX, "ORDER BY ALL", id, DuckDbIdioms.orderByAll(advisor));
      }
      expression(item, scope);
    }
  }

  /**
   * Whether a GROUP BY or ORDER BY list is DuckDB's {@code ALL} alone (perhaps with DESC or NULLS
   * FIRST/LAST), which {@link DuckDbForms} put there.
   */
  private static boolean isAllColumns(@Nullable SqlNodeList items) {
    if (items == null || items.size() != 1) {
      return false;
    }
    SqlNode key = items.get(0);
    while (key instanceof SqlCall call
        && (key.getKind() == SqlKind.DESCENDING
            || key.getKind() == SqlKind.NULLS_FIRST
            || key.getKind() == SqlKind.NULLS_LAST)) {
      key = call.getOperandList().get(0);
    }
    return DuckDbForms.isCallOf(key, DuckDbForms.ALL_COLUMNS);
  }

  // ---------------------------------------------------------------- expressions

  private void expression(@Nullable SqlNode node, Scope scope) throws SqlRefusedException {
    if (node == null) {
      return;
    }
    enter(node);
    try {
      switch (node) {
        case SqlIdentifier id -> columnReference(id);
        case SqlLiteral literal -> literal(literal);
        case SqlNodeList list -> {
          for (SqlNode element : list) {
            expression(element, scope);
          }
        }
        case SqlIntervalQualifier qualifier -> {}
        case SqlDynamicParam parameter ->
            throw refuse(
                RefusalReason.UNSUPPORTED_SYNTAX, "?", parameter, DuckDbIdioms.parameter(advisor));
        case SqlWindow window -> window(window, scope);
        case SqlCall call -> call(call, scope);
        default -> throw unsupported(node);
      }
    } finally {
      depth--;
    }
  }

  private void call(SqlCall call, Scope scope) throws SqlRefusedException {
    SqlKind kind = call.getKind();
    if (QUERY_KINDS.contains(kind)) {
      query(call, scope);
    } else if (OPERATOR_KINDS.contains(kind)) {
      operands(call, scope);
    } else if (kind == SqlKind.CAST || kind == SqlKind.SAFE_CAST) {
      cast(call, scope);
    } else if (kind == SqlKind.OVER) {
      over(call, scope);
    } else if (call.getOperator() instanceof DuckDbForms.CallModifiers) {
      if (!(call.operand(0) instanceof SqlCall function
          && function.getOperator() instanceof SqlFunction)) {
        throw unsupported(call);
      }
      function(function, scope);
      orderItems(call.operand(1), scope);
    } else if (call.getOperator() == DuckDbForms.INTERVAL_TEXT) {
      if (!(call.operand(0) instanceof SqlCharStringLiteral)) {
        throw unsupported(call);
      }
      expression(call.operand(1), scope);
    } else if (kind == SqlKind.OTHER && call.getOperator() == SqlStdOperatorTable.CONCAT) {
      operands(call, scope);
    } else if (call.getOperator() instanceof SqlFunction) {
      function(call, scope);
    } else if (kind == SqlKind.UNNEST) {
      throw refuse(
          RefusalReason.TABLE_FUNCTION,
          "UNNEST",
          call,
          "UNNEST is not allowed: query the allowlisted tables (allowed: "
              + tables.allowedList()
              + ")");
    } else {
      throw unsupported(call);
    }
  }

  private void operands(SqlCall call, Scope scope) throws SqlRefusedException {
    for (SqlNode operand : call.getOperandList()) {
      expression(operand, scope);
    }
  }

  private void function(SqlCall call, Scope scope) throws SqlRefusedException {
    String name = functionName(call);
    if (!functions.allows(name)) {
      throw refuse(RefusalReason.FUNCTION_NOT_ALLOWED, name, call, functions.refusal(name));
    }
    if (call.getKind() == SqlKind.FIRST || call.getKind() == SqlKind.LAST) {
      // What DuckDbForms left is MATCH_RECOGNIZE navigation with an offset, first(x, 1).
      throw refuse(
          RefusalReason.UNSUPPORTED_SYNTAX,
          call.getOperator().getName(),
          call,
          name + " takes one argument: write " + name + "(x) or " + name + "(x ORDER BY d)");
    }
    if (!FUNCTION_KINDS.contains(call.getKind())) {
      throw unsupported(call);
    }
    if ((call.getKind() == SqlKind.FLOOR || call.getKind() == SqlKind.CEIL)
        && call.operandCount() == 2) {
      throw refuse(
          RefusalReason.UNSUPPORTED_SYNTAX,
          name.toUpperCase(Locale.ROOT),
          call,
          DuckDbIdioms.FLOOR_TO_HINT);
    }
    WidthBounds.check(name, functions.growth(name), call);
    operands(call, scope);
  }

  /**
   * The called name, lowercase; a schema-qualified name ({@code main.f}, {@code pg_catalog.f}) is
   * refused.
   */
  private static String functionName(SqlCall call) throws SqlRefusedException {
    if (call.getOperator() instanceof SqlUnresolvedFunction unresolved
        && unresolved.getSqlIdentifier() != null) {
      SqlIdentifier id = unresolved.getSqlIdentifier();
      identifier(id);
      if (!id.isSimple()) {
        String written = String.join(".", id.names);
        throw refuse(
            RefusalReason.FUNCTION_NOT_ALLOWED,
            written,
            call,
            "function '" + written + "' is not allowed: call functions by their plain name");
      }
      return Names.fold(id.getSimple());
    }
    return Names.fold(call.getOperator().getName());
  }

  private void cast(SqlCall cast, Scope scope) throws SqlRefusedException {
    List<SqlNode> operands = cast.getOperandList();
    if (operands.size() == 2 && operands.get(1) instanceof SqlIntervalQualifier) {
      throw refuse(
          RefusalReason.UNSUPPORTED_SYNTAX,
          "INTERVAL",
          cast,
          "a cast to INTERVAL takes a string of whole numbers and units: write '30 days'::INTERVAL; "
              + advisor.in(Advice.DAYS_AS_INTERVAL));
    }
    if (operands.size() != 2 || !(operands.get(1) instanceof SqlDataTypeSpec type)) {
      throw unsupported(cast);
    }
    expression(operands.get(0), scope);
    castType(type);
  }

  private void castType(SqlDataTypeSpec type) throws SqlRefusedException {
    SqlIdentifier name = type.getTypeName();
    String written = String.join(".", name.names);
    boolean plain =
        type.getTypeNameSpec() instanceof SqlBasicTypeNameSpec basic
            ? basic.getCharSetName() == null
            : type.getTypeNameSpec() instanceof SqlUserDefinedTypeNameSpec;
    if (!plain
        || !name.isSimple()
        || type.getTimeZone() != null
        || !dialect.castTypes().contains(Names.fold(written))) {
      throw refuse(
          RefusalReason.TYPE_NOT_ALLOWED,
          written,
          type,
          "type "
              + written
              + " is not allowed "
              + "(allowed: "
              + String.join(", ", new TreeSet<>(dialect.castTypes())).toUpperCase(Locale.ROOT)
              + ")");
    }
  }

  private void over(SqlCall over, Scope scope) throws SqlRefusedException {
    List<SqlNode> operands = over.getOperandList();
    expression(operands.get(0), scope);
    SqlNode window = operands.get(1);
    if (window instanceof SqlIdentifier name) {
      identifier(name);
    } else {
      expression(window, scope);
    }
  }

  private void window(SqlWindow window, Scope scope) throws SqlRefusedException {
    if (window.getDeclName() != null) {
      identifier(window.getDeclName());
    }
    if (window.getRefName() != null) {
      identifier(window.getRefName());
    }
    expression(window.getPartitionList(), scope);
    orderItems(window.getOrderList(), scope);
    expression(window.getLowerBound(), scope);
    expression(window.getUpperBound(), scope);
  }

  /** A column reference; engines call some names as functions when no column matches them. */
  private void columnReference(SqlIdentifier id) throws SqlRefusedException {
    identifier(id);
    if (id.isStar()) {
      return;
    }
    String last = Names.fold(id.names.get(id.names.size() - 1));
    if (dialect.valueKeywords().contains(last) && !functions.allows(last)) {
      throw refuse(
          RefusalReason.FUNCTION_NOT_ALLOWED,
          last,
          id,
          "'"
              + last
              + "' is read by "
              + dialect.name()
              + " as a call of the function "
              + last
              + ", which is not allowed: rename the column or alias");
    }
  }

  private static void literal(SqlLiteral literal) throws SqlRefusedException {
    switch (literal.getTypeName()) {
      case CHAR, DECIMAL, DOUBLE, REAL, BOOLEAN, NULL, SYMBOL, DATE, TIME, TIMESTAMP -> {}
      case UNKNOWN -> {
        String tag = literal instanceof SqlUnknownLiteral unknown ? unknown.tag : "";
        if (!LITERAL_TAGS.contains(tag)) {
          throw refuse(
              RefusalReason.TYPE_NOT_ALLOWED,
              tag,
              literal,
              "typed literal " + tag + " '...' is not allowed (allowed: DATE, TIME, TIMESTAMP)");
        }
      }
      default -> {
        if (!(literal instanceof SqlIntervalLiteral)) {
          throw unsupported(literal);
        }
      }
    }
  }

  /** An alias or a column name being declared (not read): only the identifier rules apply. */
  private static void alias(SqlNode node) throws SqlRefusedException {
    if (!(node instanceof SqlIdentifier id)) {
      throw unsupported(node);
    }
    identifier(id);
  }

  /**
   * Rules for every identifier: an unquoted {@code $} is refused because DuckDB reads {@code
   * $$...$$} as a string and {@code $1} as a parameter where Calcite reads an identifier.
   */
  private static void identifier(SqlIdentifier id) throws SqlRefusedException {
    for (int i = 0; i < id.names.size(); i++) {
      if (id.names.get(i).indexOf('$') >= 0 && !Names.isQuoted(id, i)) {
        throw refuse(
            RefusalReason.UNSUPPORTED_SYNTAX, id.names.get(i), id, DuckDbIdioms.DOLLAR_HINT);
      }
    }
  }

  // ---------------------------------------------------------------- refusals

  private void enter(SqlNode node) throws SqlRefusedException {
    if (++depth > MAX_DEPTH) {
      throw refuse(
          RefusalReason.TOO_COMPLEX,
          "",
          node,
          "the query is nested more than "
              + MAX_DEPTH
              + " levels deep: flatten it, e.g. with WITH");
    }
  }

  private static SqlRefusedException unsupported(SqlNode node) {
    String what = node instanceof SqlCall call ? call.getOperator().getName() : node.getKind().sql;
    return refuse(
        RefusalReason.UNSUPPORTED_NODE,
        what,
        node,
        what
            + " is not supported here: use SELECT with joins, subqueries, CTEs, window functions, "
            + "CASE and CAST over the allowlisted tables");
  }

  private static SqlRefusedException refuse(
      RefusalReason reason, String element, SqlNode at, String message) {
    return SqlRefusedException.at(reason, element, at.getParserPosition(), message);
  }
}
