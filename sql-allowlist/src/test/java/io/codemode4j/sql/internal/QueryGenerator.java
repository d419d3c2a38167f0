package io.codemode4j.sql.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.StringJoiner;
import java.util.function.Supplier;

/**
 * Generates well-typed, cheap, deterministic SELECT queries over the sample warehouse and the
 * {@link DifferentialTables}, written the way an analyst writes for DuckDB, for {@link
 * RenderingDifferentialIT}. The same seed gives the same queries.
 *
 * <p>Decisions:
 *
 * <ul>
 *   <li>The text is written with the fewest parentheses DuckDB's (PostgreSQL's) precedence needs,
 *       plus a few redundant ones: where Calcite's precedence disagrees with DuckDB's ({@code ::},
 *       {@code ||}), the rendering then means something else, which is what the differential test
 *       is for. Operands of comparisons that are themselves boolean are always parenthesised:
 *       chained comparisons are not analyst SQL.
 *   <li>Casts, both {@code ::} and {@code CAST(... AS ...)}, may wrap any generated expression, so
 *       they land in every operand position: left and right of operators, nested, after unary
 *       minus, inside function arguments, on literals and on parenthesised expressions. Types come
 *       from the allowlist's cast list; a cast is generated only from a kind DuckDB converts
 *       without error.
 *   <li>Expressions are typed by a coarse {@link Kind}; DuckDB's exact type is what the test
 *       compares.
 *   <li>Results stay small and do not depend on plan order: large tables are only aggregated or
 *       read through ORDER BY every column and LIMIT; windows and LIMIT inside subqueries order by
 *       a unique key or by the very value they return; division and modulo are only by non-zero
 *       literals.
 *   <li>Only functions of {@link FunctionAllowlist#DEFAULTS} are called (checked by a unit test).
 * </ul>
 */
final class QueryGenerator {

  /** What the generator knows of an expression's type. {@code INT} values are also {@code NUM}. */
  enum Kind {
    INT,
    NUM,
    STR,
    DATE,
    TS,
    BOOL
  }

  /** A column of a table, and whether it has few enough values to group by. */
  record Column(String name, Kind kind, boolean groupKey) {}

  /**
   * A table: {@code key} is a unique, non-NULL column (or null when there is none); {@code large}
   * tables are never returned row by row without ORDER BY and LIMIT.
   */
  record Table(String name, String key, boolean large, List<Column> columns) {}

  /**
   * A generated query, and whether its top-level ORDER BY sorts by every column (rows compare in
   * order).
   */
  record Query(String sql, boolean ordered) {}

  static final Table TYPED_VALUES =
      new Table(
          "typed_values",
          "id",
          false,
          List.of(
              new Column("id", Kind.INT, false),
              new Column("region", Kind.STR, true),
              new Column("g", Kind.STR, true),
              new Column("i", Kind.INT, false),
              new Column("b", Kind.INT, false),
              new Column("x", Kind.NUM, false),
              new Column("d", Kind.NUM, false),
              new Column("discount", Kind.NUM, true),
              new Column("s", Kind.STR, true),
              new Column("dt", Kind.DATE, false),
              new Column("ts", Kind.TS, false),
              new Column("flag", Kind.BOOL, true)));

  static final Table TYPED_KEYS =
      new Table(
          "typed_keys",
          null,
          false,
          List.of(
              new Column("k", Kind.INT, true),
              new Column("region", Kind.STR, true),
              new Column("label", Kind.STR, true),
              new Column("weight", Kind.NUM, true),
              new Column("since", Kind.DATE, true)));

  static final List<Table> SAMPLE_TABLES =
      List.of(
          new Table(
              "invoices",
              "invoice_id",
              true,
              List.of(
                  new Column("invoice_id", Kind.STR, false),
                  new Column("customer_id", Kind.STR, false),
                  new Column("region", Kind.STR, true),
                  new Column("issued_on", Kind.DATE, false),
                  new Column("due_on", Kind.DATE, false),
                  new Column("paid_on", Kind.DATE, false),
                  new Column("status", Kind.STR, true),
                  new Column("currency", Kind.STR, true),
                  new Column("amount_cents", Kind.INT, false))),
          new Table(
              "invoice_lines",
              null,
              true,
              List.of(
                  new Column("invoice_id", Kind.STR, false),
                  new Column("line_no", Kind.INT, true),
                  new Column("product", Kind.STR, true),
                  new Column("quantity", Kind.INT, false),
                  new Column("unit_price_cents", Kind.INT, false))),
          new Table(
              "customers",
              "customer_id",
              true,
              List.of(
                  new Column("customer_id", Kind.STR, false),
                  new Column("name", Kind.STR, false),
                  new Column("region", Kind.STR, true),
                  new Column("segment", Kind.STR, true),
                  new Column("country", Kind.STR, true))),
          new Table(
              "invoice_summary",
              null,
              true,
              List.of(
                  new Column("region", Kind.STR, true),
                  new Column("customer", Kind.STR, false),
                  new Column("month", Kind.DATE, true),
                  new Column("invoice_count", Kind.INT, false),
                  new Column("revenue", Kind.NUM, false))));

  // Precedence as DuckDB (PostgreSQL) reads it, higher binds tighter.
  private static final int OR = 1;
  private static final int AND = 2;
  private static final int NOT = 3;
  private static final int IS = 4;
  private static final int COMPARE = 5;
  private static final int RANGE = 6;
  private static final int CONCAT = 7;
  private static final int ADD = 8;
  private static final int MUL = 9;
  private static final int UNARY = 10;
  private static final int CAST = 11;
  private static final int ATOM = 12;

  private static final int MAX_DEPTH = 3;

  private static final String[] INTEGER_LITERALS = {
    "0", "1", "2", "3", "7", "42", "100", "-1", "-3", "2147483648"
  };
  private static final String[] DECIMAL_LITERALS = {
    "42.", ".34", "1.50", "0.1", "2.7", "-0.5", "100.25", "3.14159", "-12.5"
  };
  private static final String[] DOUBLE_LITERALS = {"1e3", "2.5e-1", "1E2", "-4e0"};
  private static final String[] STRING_LITERALS = {
    "'abc'", "'ab1'", "''", "'it''s'", "'A%b'", "'x_y'", "'emea'", "'paid'", "'Acme'"
  };
  private static final String[] LIKE_PATTERNS = {
    "'ab%'", "'%1'", "'a_1'", "'%''%'", "'%'", "'x\\_y'", "'%B'"
  };
  private static final String[] DATE_STRINGS = {
    "'2024-03-01'", "'2024-02-29'", "'2023-12-31'", "'2024-02-20'"
  };
  private static final String[] TIMESTAMP_STRINGS = {
    "'2024-03-01 10:30:00'", "'2024-02-29 23:59:59.5'", "'2024-03-02 00:00:00'"
  };
  private static final String[] NUMERIC_STRINGS = {"'0.1'", "'42'", "'-3.5'", "'1e2'", "' 7 '"};
  private static final String[] INTEGER_STRINGS = {"'42'", "' 7 '", "'-3'", "'+5'"};
  private static final String[] INTEGER_TYPES = {
    "INTEGER", "INT", "BIGINT", "INT8", "INT4", "SMALLINT", "INT2", "HUGEINT"
  };
  private static final String[] FRACTIONAL_TYPES = {
    "DOUBLE",
    "FLOAT",
    "REAL",
    "DECIMAL",
    "DECIMAL(10,2)",
    "DECIMAL(18,3)",
    "NUMERIC(12,4)",
    "NUMERIC",
    "DECIMAL(38,10)"
  };
  private static final String[] STRING_TYPES = {"VARCHAR", "TEXT", "STRING", "CHAR"};
  private static final String[] IMPLICIT_ALIASES = {"total", "amount", "n"};

  private final SplittableRandom random;

  /** Numbers subquery aliases, so a correlated reference never means an inner table. */
  private int aliases;

  QueryGenerator(long seed) {
    this.random = new SplittableRandom(seed);
  }

  /** The next query. */
  Query next() {
    aliases = 0;
    int shape = random.nextInt(100);
    if (shape < 8) {
      return withoutFrom();
    }
    if (shape < 20) {
      return setOperation();
    }
    if (shape < 30) {
      return withCte();
    }
    return select(source(), random.nextInt(4) == 0);
  }

  // ---------------------------------------------------------------- queries

  /** Where the rows of a SELECT come from: its FROM text and the columns it offers. */
  private record Source(String from, List<Ref> columns, boolean large, String key) {}

  /** A column as the query refers to it. */
  private record Ref(String sql, Kind kind, boolean groupKey) {}

  /**
   * The expression context: columns in scope, enclosing query's columns, aggregates and windows
   * allowed.
   */
  private record Scope(
      List<Ref> columns,
      List<Ref> outer,
      boolean aggregate,
      List<Ref> groupKeys,
      String windowKey) {

    Scope rows() {
      return new Scope(columns, outer, false, List.of(), null);
    }
  }

  private Query withoutFrom() {
    Scope scope = new Scope(List.of(), List.of(), false, List.of(), null);
    List<String> items = new ArrayList<>();
    int n = 1 + random.nextInt(3);
    for (int c = 0; c < n; c++) {
      items.add(selectItem(expr(anyKind(), scope, 1 + random.nextInt(MAX_DEPTH)), c));
    }
    return new Query("SELECT " + String.join(", ", items), false);
  }

  private Source source() {
    int which = random.nextInt(100);
    if (which < 55) {
      return table(TYPED_VALUES, "v");
    }
    if (which < 65) {
      return table(TYPED_KEYS, "tk");
    }
    if (which < 75) {
      Source left = table(TYPED_VALUES, "v", true);
      Source right = table(TYPED_KEYS, "tk", true);
      String join = pick("JOIN", "LEFT JOIN", "INNER JOIN", "LEFT OUTER JOIN");
      List<Ref> columns = new ArrayList<>(left.columns());
      columns.addAll(right.columns());
      return new Source(
          left.from() + " " + join + " " + right.from() + " ON v.i = tk.k", columns, false, null);
    }
    if (which < 82) {
      return derived();
    }
    Table table = SAMPLE_TABLES.get(random.nextInt(SAMPLE_TABLES.size()));
    return table(table, "w");
  }

  /** A table under an alias, or half the time under none, its columns then unqualified. */
  private Source table(Table table, String alias) {
    return table(table, alias, random.nextBoolean());
  }

  private Source table(Table table, String alias, boolean qualified) {
    String from =
        qualified ? table.name() + (random.nextBoolean() ? " AS " : " ") + alias : table.name();
    String prefix = qualified ? alias + "." : "";
    List<Ref> columns =
        table.columns().stream()
            .map(c -> new Ref(prefix + c.name(), c.kind(), c.groupKey()))
            .toList();
    return new Source(
        from, columns, table.large(), table.key() == null ? null : prefix + table.key());
  }

  /** {@code (SELECT ... FROM typed_values ...) AS q}: a derived table of aliased expressions. */
  private Source derived() {
    Source inner = table(TYPED_VALUES, "v");
    Scope scope = new Scope(inner.columns(), List.of(), false, List.of(), null);
    List<String> items = new ArrayList<>();
    List<Ref> columns = new ArrayList<>();
    items.add(inner.key() + " AS id");
    columns.add(new Ref("q.id", Kind.INT, false));
    int n = 1 + random.nextInt(3);
    for (int c = 1; c <= n; c++) {
      Expr e = expr(anyKind(), scope, random.nextInt(MAX_DEPTH));
      items.add(e.sql() + " AS c" + c);
      columns.add(new Ref("q.c" + c, e.kind(), e.kind() == Kind.BOOL || e.kind() == Kind.STR));
    }
    String where = random.nextBoolean() ? " WHERE " + expr(Kind.BOOL, scope, 2).sql() : "";
    return new Source(
        "(SELECT " + String.join(", ", items) + " FROM " + inner.from() + where + ") AS q",
        columns,
        false,
        "q.id");
  }

  /**
   * One SELECT over {@code source}: plain, aggregated or with windows; ORDER BY every column
   * (required with LIMIT, and always for a large source read row by row).
   */
  private Query select(Source source, boolean aggregate) {
    List<Ref> keys = new ArrayList<>();
    if (aggregate) {
      for (Ref ref : source.columns()) {
        if (ref.groupKey() && random.nextInt(3) == 0 && keys.size() < 2) {
          keys.add(ref);
        }
      }
    }
    boolean windows =
        !aggregate && source.key() != null && !source.large() && random.nextInt(3) == 0;
    Scope scope =
        new Scope(source.columns(), List.of(), aggregate, keys, windows ? source.key() : null);
    List<String> items = new ArrayList<>();
    for (Ref key : keys) {
      items.add(key.sql());
    }
    int n = 1 + random.nextInt(3);
    for (int c = 0; c < n; c++) {
      items.add(selectItem(expr(anyKind(), scope, random.nextInt(MAX_DEPTH + 1)), items.size()));
    }
    StringBuilder sql = new StringBuilder("SELECT ");
    if (!aggregate && random.nextInt(8) == 0) {
      sql.append("DISTINCT ");
    }
    sql.append(String.join(", ", items)).append(" FROM ").append(source.from());
    if (random.nextInt(3) > 0) {
      sql.append(" WHERE ")
          .append(expr(Kind.BOOL, scope.rows(), 1 + random.nextInt(MAX_DEPTH)).sql());
    }
    if (aggregate && !keys.isEmpty()) {
      sql.append(" GROUP BY ")
          .append(
              random.nextInt(4) == 0
                  ? ordinals(keys.size())
                  : String.join(", ", keys.stream().map(Ref::sql).toList()));
    }
    if (aggregate && random.nextInt(3) == 0) {
      sql.append(" HAVING ").append(expr(Kind.BOOL, scope, 1 + random.nextInt(2)).sql());
    }
    boolean bounded = aggregate || !source.large();
    boolean ordered = !bounded || random.nextInt(3) == 0;
    if (ordered) {
      sql.append(orderByAll(items));
      if (!bounded || random.nextBoolean()) {
        sql.append(" LIMIT ").append(1 + random.nextInt(10));
        if (random.nextInt(4) == 0) {
          sql.append(" OFFSET ").append(random.nextInt(3));
        }
      }
    }
    return new Query(sql.toString(), ordered);
  }

  /** Two or three queries of the same column kinds, under UNION [ALL], INTERSECT or EXCEPT. */
  private Query setOperation() {
    List<Kind> kinds = new ArrayList<>();
    int n = 1 + random.nextInt(2);
    for (int c = 0; c < n; c++) {
      kinds.add(anyKind());
    }
    Core first = core(kinds);
    StringBuilder sql = new StringBuilder(first.sql());
    int parts = 2 + random.nextInt(2);
    for (int p = 1; p < parts; p++) {
      sql.append(' ')
          .append(
              pick(
                  "UNION",
                  "UNION ALL",
                  "INTERSECT",
                  "EXCEPT",
                  "UNION",
                  "EXCEPT ALL",
                  "INTERSECT ALL"))
          .append(' ')
          .append(core(kinds).sql());
    }
    boolean ordered = random.nextBoolean();
    if (ordered) {
      sql.append(orderByAll(first.items()));
      if (random.nextBoolean()) {
        sql.append(" LIMIT ").append(1 + random.nextInt(10));
      }
    }
    return new Query(sql.toString(), ordered);
  }

  /**
   * A set operation's operand, and its select items: the first operand's aliases name the columns.
   */
  private record Core(String sql, List<String> items) {}

  /** A SELECT of the given kinds over a synthetic table or no table. */
  private Core core(List<Kind> kinds) {
    Source source =
        random.nextInt(5) == 0
            ? null
            : table(random.nextBoolean() ? TYPED_VALUES : TYPED_KEYS, "v");
    Scope scope =
        new Scope(source == null ? List.of() : source.columns(), List.of(), false, List.of(), null);
    List<String> items = new ArrayList<>();
    for (Kind kind : kinds) {
      items.add(selectItem(expr(kind, scope, random.nextInt(MAX_DEPTH)), items.size()));
    }
    String sql = "SELECT " + String.join(", ", items);
    if (source != null) {
      sql += " FROM " + source.from();
      if (random.nextBoolean()) {
        sql += " WHERE " + expr(Kind.BOOL, scope, 2).sql();
      }
    }
    return new Core(sql, items);
  }

  /** {@code WITH c AS (...) SELECT ... FROM c}, sometimes joined to a second CTE. */
  private Query withCte() {
    Source inner = random.nextInt(4) == 0 ? table(TYPED_KEYS, "tk") : table(TYPED_VALUES, "v");
    Scope scope = new Scope(inner.columns(), List.of(), false, List.of(), null);
    List<String> items = new ArrayList<>();
    List<Ref> columns = new ArrayList<>();
    int n = 1 + random.nextInt(3);
    for (int c = 1; c <= n; c++) {
      Expr e = expr(anyKind(), scope, random.nextInt(MAX_DEPTH));
      items.add(e.sql() + " AS c" + c);
      columns.add(new Ref("c" + c, e.kind(), true));
    }
    String where = random.nextBoolean() ? " WHERE " + expr(Kind.BOOL, scope, 2).sql() : "";
    String with =
        "WITH c AS (SELECT " + String.join(", ", items) + " FROM " + inner.from() + where + ") ";
    Query body = select(new Source("c", columns, false, null), random.nextBoolean());
    return new Query(with + body.sql(), body.ordered());
  }

  /**
   * ORDER BY every column: by position, or by alias where the item has one, some keys descending or
   * NULLS FIRST; the order of the rows is then fixed, ties being identical rows.
   */
  private String orderByAll(List<String> items) {
    StringJoiner keys = new StringJoiner(", ", " ORDER BY ", "");
    for (int c = 0; c < items.size(); c++) {
      String key =
          items.get(c).endsWith(" AS c" + c) && random.nextBoolean()
              ? "c" + c
              : Integer.toString(c + 1);
      keys.add(
          key
              + (random.nextInt(4) == 0
                  ? pick(" DESC", " NULLS FIRST", " DESC NULLS LAST", " ASC")
                  : ""));
    }
    return keys.toString();
  }

  private static String ordinals(int count) {
    StringJoiner list = new StringJoiner(", ");
    for (int c = 1; c <= count; c++) {
      list.add(Integer.toString(c));
    }
    return list.toString();
  }

  /**
   * A select item: unaliased half the time (its label is DuckDB's text of the expression), else
   * aliased, a few times without AS; after an aggregate call the word may be EXPORT_STATE, which
   * DuckDB reads as a keyword there and Calcite as an alias.
   */
  private String selectItem(Expr e, int position) {
    int how = random.nextInt(10);
    if (how < 5) {
      return e.sql();
    }
    if (how < 9) {
      return e.sql() + " AS c" + position;
    }
    return e.sql()
        + " "
        + (e.aggregateCall() && random.nextBoolean() ? "export_state" : pick(IMPLICIT_ALIASES));
  }

  // ---------------------------------------------------------------- expressions

  /**
   * Generated SQL text, its kind, the precedence of its outermost operator, and whether it is a
   * bare aggregate call (DuckDB reads EXPORT_STATE after one as a keyword).
   */
  private record Expr(String sql, Kind kind, int precedence, boolean aggregateCall) {

    Expr(String sql, Kind kind, int precedence) {
      this(sql, kind, precedence, false);
    }
  }

  private Kind anyKind() {
    return switch (random.nextInt(12)) {
      case 0, 1, 2 -> Kind.INT;
      case 3, 4, 5 -> Kind.NUM;
      case 6, 7 -> Kind.STR;
      case 8 -> Kind.DATE;
      case 9 -> Kind.TS;
      default -> Kind.BOOL;
    };
  }

  /** An expression of {@code kind} (NUM may come out INT), nested at most {@code depth} levels. */
  private Expr expr(Kind kind, Scope scope, int depth) {
    if (depth <= 0 || random.nextInt(5) == 0) {
      return leaf(kind, scope);
    }
    if (random.nextInt(5) == 0) {
      return cast(kind, scope, depth);
    }
    return switch (kind) {
      case INT, NUM -> numeric(kind, scope, depth - 1);
      case STR -> string(scope, depth - 1);
      case DATE -> date(scope, depth - 1);
      case TS -> timestamp(scope, depth - 1);
      case BOOL -> bool(scope, depth - 1);
    };
  }

  /** {@code e}'s text where an operand of precedence at least {@code min} needs no parentheses. */
  private String at(Expr e, int min) {
    boolean needs =
        e.precedence() < min
            // "- -x" must not become the comment "--x".
            || (min == UNARY && e.sql().startsWith("-"));
    return needs || random.nextInt(12) == 0 ? "(" + e.sql() + ")" : e.sql();
  }

  private Expr binary(Expr left, String operator, Expr right, int precedence, Kind kind) {
    return new Expr(
        at(left, precedence) + " " + operator + " " + at(right, precedence + 1), kind, precedence);
  }

  private Expr leaf(Kind kind, Scope scope) {
    if (scope.aggregate() && random.nextInt(3) > 0) {
      return aggregateLeaf(kind, scope);
    }
    if (scope.windowKey() != null && random.nextInt(3) == 0) {
      Expr window = window(kind, scope);
      if (window != null) {
        return window;
      }
    }
    List<Ref> columns =
        (scope.aggregate() ? scope.groupKeys() : scope.columns())
            .stream().filter(ref -> fits(ref.kind(), kind)).toList();
    if (!scope.outer().isEmpty() && random.nextInt(3) == 0) {
      columns = scope.outer().stream().filter(ref -> fits(ref.kind(), kind)).toList();
    }
    if (!columns.isEmpty() && random.nextInt(3) > 0) {
      Ref column = columns.get(random.nextInt(columns.size()));
      return new Expr(column.sql(), column.kind(), ATOM);
    }
    return literal(kind);
  }

  private static boolean fits(Kind actual, Kind wanted) {
    return actual == wanted || (wanted == Kind.NUM && actual == Kind.INT);
  }

  private Expr literal(Kind kind) {
    if (random.nextInt(14) == 0) {
      return typedNull(kind);
    }
    return switch (kind) {
      case INT -> number(pick(INTEGER_LITERALS), Kind.INT);
      case NUM ->
          switch (random.nextInt(3)) {
            case 0 -> number(pick(INTEGER_LITERALS), Kind.INT);
            case 1 -> number(pick(DECIMAL_LITERALS), Kind.NUM);
            default -> number(pick(DOUBLE_LITERALS), Kind.NUM);
          };
      case STR -> new Expr(pick(STRING_LITERALS), Kind.STR, ATOM);
      case DATE ->
          random.nextBoolean()
              ? new Expr("DATE " + pick(DATE_STRINGS), Kind.DATE, ATOM)
              : castText(pick(DATE_STRINGS), "DATE", Kind.DATE);
      case TS ->
          random.nextBoolean()
              ? new Expr("TIMESTAMP " + pick(TIMESTAMP_STRINGS), Kind.TS, ATOM)
              : castText(pick(TIMESTAMP_STRINGS), "TIMESTAMP", Kind.TS);
      case BOOL -> new Expr(pick("TRUE", "FALSE", "true"), Kind.BOOL, ATOM);
    };
  }

  private static Expr number(String text, Kind kind) {
    return new Expr(text, kind, text.startsWith("-") ? UNARY : ATOM);
  }

  private Expr typedNull(Kind kind) {
    String type =
        switch (kind) {
          case INT -> pick(INTEGER_TYPES);
          case NUM -> pick(FRACTIONAL_TYPES);
          case STR -> pick(STRING_TYPES);
          case DATE -> "DATE";
          case TS -> "TIMESTAMP";
          case BOOL -> pick("BOOLEAN", "BOOL");
        };
    return castText("NULL", type, kind);
  }

  /** {@code text::type} or {@code CAST(text AS type)}; {@code text} is an atom. */
  private Expr castText(String text, String type, Kind kind) {
    return random.nextBoolean()
        ? new Expr(text + "::" + type, kind, CAST)
        : new Expr("CAST(" + text + " AS " + type + ")", kind, ATOM);
  }

  /**
   * A cast to a type of {@code kind} from an expression of a kind DuckDB converts from without
   * error.
   */
  private Expr cast(Kind kind, Scope scope, int depth) {
    Kind from;
    String type;
    switch (kind) {
      case INT -> {
        from = pick(Kind.INT, Kind.NUM, Kind.BOOL, Kind.INT);
        type = pick(INTEGER_TYPES);
      }
      case NUM -> {
        from = pick(Kind.INT, Kind.NUM, Kind.NUM);
        type = pick(FRACTIONAL_TYPES);
      }
      case STR -> {
        from = anyKind();
        type = pick(STRING_TYPES);
      }
      case DATE -> {
        from = pick(Kind.DATE, Kind.TS);
        type = "DATE";
      }
      case TS -> {
        from = pick(Kind.DATE, Kind.TS);
        type = "TIMESTAMP";
      }
      default -> {
        from = pick(Kind.INT, Kind.BOOL);
        type = pick("BOOLEAN", "BOOL");
      }
    }
    if (random.nextInt(8) == 0 && (kind == Kind.INT || kind == Kind.NUM)) {
      // From a string that holds a number.
      return castText(pick(kind == Kind.INT ? INTEGER_STRINGS : NUMERIC_STRINGS), type, kind);
    }
    Expr operand = expr(from, scope, depth - 1);
    if (random.nextBoolean()) {
      return new Expr(at(operand, CAST) + "::" + type, kind, CAST);
    }
    return new Expr("CAST(" + operand.sql() + " AS " + type + ")", kind, ATOM);
  }

  private Expr numeric(Kind kind, Scope scope, int depth) {
    Supplier<Expr> operand = () -> expr(kind, scope, depth);
    int choice = random.nextInt(22);
    return switch (choice) {
      case 0, 1, 2 -> {
        Expr left = operand.get();
        Expr right = operand.get();
        yield binary(left, pick("+", "-"), right, ADD, join(left, right));
      }
      case 3, 4 -> {
        Expr left = operand.get();
        Expr right = operand.get();
        yield binary(left, "*", right, MUL, join(left, right));
      }
      case 5 ->
          kind == Kind.INT
              ? new Expr(
                  "divide(" + operand.get().sql() + ", " + pick("2", "-3", "7") + ")",
                  Kind.INT,
                  ATOM)
              : binary(
                  operand.get(),
                  "/",
                  number(pick("2", "4", "-3", "2.5", "0.5", "1e1"), Kind.NUM),
                  MUL,
                  Kind.NUM);
      case 6 -> {
        Expr left = operand.get();
        yield binary(left, "%", number(pick("3", "-4", "7"), Kind.INT), MUL, left.kind());
      }
      case 7 -> {
        Expr inner = operand.get();
        yield new Expr("-" + at(inner, UNARY), inner.kind(), UNARY);
      }
      case 8 ->
          function(
              kind == Kind.INT
                  ? pick("abs", "sign")
                  : pick("abs", "round", "floor", "ceil", "trunc", "sign"),
              kind,
              operand.get());
      case 9 -> {
        Expr value = operand.get();
        yield new Expr(
            "round(" + value.sql() + ", " + pick("0", "1", "2", "-1") + ")", value.kind(), ATOM);
      }
      case 10 -> {
        Expr left = operand.get();
        Expr right = operand.get();
        yield new Expr(
            pick("greatest", "least", "coalesce", "ifnull")
                + "("
                + left.sql()
                + ", "
                + right.sql()
                + ")",
            join(left, right),
            ATOM);
      }
      case 11 ->
          new Expr("nullif(" + operand.get().sql() + ", " + literal(kind).sql() + ")", kind, ATOM);
      case 12 ->
          new Expr(
              pick("length", "strlen") + "(" + expr(Kind.STR, scope, depth).sql() + ")",
              Kind.INT,
              ATOM);
      case 13 ->
          new Expr(
              "strpos(" + expr(Kind.STR, scope, depth).sql() + ", " + pick(STRING_LITERALS) + ")",
              Kind.INT,
              ATOM);
      case 14 -> {
        Expr d = expr(Kind.DATE, scope, depth);
        yield new Expr(
            random.nextBoolean()
                ? pick("year", "month", "day", "dayofweek", "quarter") + "(" + d.sql() + ")"
                : "date_part(" + pick("'dow'", "'year'", "'month'", "'day'") + ", " + d.sql() + ")",
            Kind.INT,
            ATOM);
      }
      case 15, 16 -> caseExpr(kind, scope, depth);
      case 17 ->
          new Expr(
              "coalesce(" + operand.get().sql() + ", " + pick("NULL", literal(kind).sql()) + ")",
              kind,
              ATOM);
      case 18 ->
          new Expr(
              "if("
                  + expr(Kind.BOOL, scope, depth).sql()
                  + ", "
                  + operand.get().sql()
                  + ", "
                  + operand.get().sql()
                  + ")",
              kind,
              ATOM);
      case 19, 20 -> scalarSubquery(kind, scope);
      default -> {
        Expr d = expr(Kind.DATE, scope, depth);
        Expr e = expr(Kind.DATE, scope, depth);
        yield binary(d, "-", e, ADD, Kind.INT);
      }
    };
  }

  private static Kind join(Expr left, Expr right) {
    return left.kind() == Kind.INT && right.kind() == Kind.INT ? Kind.INT : Kind.NUM;
  }

  private static Expr function(String name, Kind kind, Expr argument) {
    return new Expr(
        name + "(" + argument.sql() + ")", kind == Kind.INT ? Kind.INT : argument.kind(), ATOM);
  }

  private Expr string(Scope scope, int depth) {
    Supplier<Expr> operand = () -> expr(Kind.STR, scope, depth);
    return switch (random.nextInt(16)) {
      case 0, 1, 2 -> {
        // || joins strings and numbers; DuckDB binds + and - tighter than ||.
        Expr left = random.nextInt(3) == 0 ? expr(Kind.NUM, scope, depth) : operand.get();
        Expr right = random.nextInt(3) == 0 ? expr(Kind.NUM, scope, depth) : operand.get();
        yield binary(left, "||", right, CONCAT, Kind.STR);
      }
      case 3 ->
          new Expr(
              pick("lower", "upper", "trim", "reverse", "ltrim", "rtrim")
                  + "("
                  + operand.get().sql()
                  + ")",
              Kind.STR,
              ATOM);
      case 4 ->
          new Expr(
              "concat(" + operand.get().sql() + ", " + expr(anyKind(), scope, depth).sql() + ")",
              Kind.STR,
              ATOM);
      case 5 ->
          new Expr(
              pick("substr", "substring")
                  + "("
                  + operand.get().sql()
                  + ", "
                  + pick("1", "2", "-2")
                  + ", "
                  + pick("1", "3")
                  + ")",
              Kind.STR,
              ATOM);
      case 6 ->
          new Expr(
              "replace("
                  + operand.get().sql()
                  + ", "
                  + pick("'a'", "'%'", "''''")
                  + ", "
                  + pick("'b'", "''")
                  + ")",
              Kind.STR,
              ATOM);
      case 7 ->
          new Expr(
              pick("lpad", "rpad") + "(" + operand.get().sql() + ", " + pick("4", "6") + ", '*')",
              Kind.STR,
              ATOM);
      case 8 ->
          new Expr(
              pick("left", "right") + "(" + operand.get().sql() + ", " + pick("1", "2") + ")",
              Kind.STR,
              ATOM);
      case 9 -> {
        Expr d = expr(random.nextBoolean() ? Kind.DATE : Kind.TS, scope, depth);
        yield new Expr(
            random.nextBoolean()
                ? pick("dayname", "monthname") + "(" + d.sql() + ")"
                : "strftime(" + d.sql() + ", " + pick("'%Y-%m'", "'%d/%m/%Y %H'") + ")",
            Kind.STR,
            ATOM);
      }
      case 10, 11 -> caseExpr(Kind.STR, scope, depth);
      case 12 ->
          new Expr(
              "coalesce(" + operand.get().sql() + ", " + pick("NULL", "'none'") + ")",
              Kind.STR,
              ATOM);
      case 13 -> scalarSubquery(Kind.STR, scope);
      default ->
          new Expr(
              "concat_ws("
                  + pick("'-'", "', '")
                  + ", "
                  + operand.get().sql()
                  + ", "
                  + operand.get().sql()
                  + ")",
              Kind.STR,
              ATOM);
    };
  }

  private Expr date(Scope scope, int depth) {
    return switch (random.nextInt(9)) {
      case 0, 1 ->
          binary(expr(Kind.DATE, scope, depth), pick("+", "-"), days(scope), ADD, Kind.DATE);
      case 2 -> new Expr("last_day(" + expr(Kind.DATE, scope, depth).sql() + ")", Kind.DATE, ATOM);
      case 3 ->
          new Expr(
              "make_date(2024, " + pick("1", "2", "12") + ", " + pick("1", "29", "15") + ")",
              Kind.DATE,
              ATOM);
      case 4 ->
          new Expr(
              pick("greatest", "least", "coalesce")
                  + "("
                  + expr(Kind.DATE, scope, depth).sql()
                  + ", "
                  + expr(Kind.DATE, scope, depth).sql()
                  + ")",
              Kind.DATE,
              ATOM);
      case 5, 6 -> caseExpr(Kind.DATE, scope, depth);
      case 7 -> scalarSubquery(Kind.DATE, scope);
      default ->
          new Expr("coalesce(" + expr(Kind.DATE, scope, depth).sql() + ", NULL)", Kind.DATE, ATOM);
    };
  }

  private Expr timestamp(Scope scope, int depth) {
    return switch (random.nextInt(8)) {
      case 0, 1 ->
          binary(
              expr(random.nextBoolean() ? Kind.DATE : Kind.TS, scope, depth),
              pick("+", "-"),
              interval(scope),
              ADD,
              Kind.TS);
      case 2 ->
          new Expr(
              "date_trunc("
                  + pick("'month'", "'day'", "'hour'")
                  + ", "
                  + expr(random.nextBoolean() ? Kind.DATE : Kind.TS, scope, depth).sql()
                  + ")",
              Kind.TS,
              ATOM);
      case 3, 4 -> caseExpr(Kind.TS, scope, depth);
      case 5 ->
          new Expr(
              pick("greatest", "least", "coalesce")
                  + "("
                  + expr(Kind.TS, scope, depth).sql()
                  + ", "
                  + expr(Kind.TS, scope, depth).sql()
                  + ")",
              Kind.TS,
              ATOM);
      default ->
          new Expr(
              "make_timestamp(2024, 2, 29, " + pick("0", "23") + ", 30, " + pick("0", "1.5") + ")",
              Kind.TS,
              ATOM);
    };
  }

  /**
   * An INTEGER small enough to add to a date as days: DuckDB adds only INTEGER to a DATE, and a
   * BIGINT column or a sum is cast down, by {@code %} first so it fits.
   */
  private Expr days(Scope scope) {
    Expr value = leaf(Kind.INT, scope);
    if (value.precedence() < ATOM || random.nextBoolean()) {
      return number(pick("1", "3", "-7", "30", "400"), Kind.INT);
    }
    return random.nextBoolean()
        ? new Expr("(" + value.sql() + " % 1000)::INTEGER", Kind.INT, CAST)
        : new Expr("CAST(" + value.sql() + " % 1000 AS INTEGER)", Kind.INT, ATOM);
  }

  private Expr interval(Scope scope) {
    return switch (random.nextInt(5)) {
      case 0 ->
          new Expr(
              "INTERVAL " + pick("1", "3", "30") + " " + pick("DAY", "HOUR", "MINUTE", "MONTH"),
              Kind.TS,
              ATOM);
      case 1 ->
          new Expr(
              "INTERVAL '" + pick("1", "2", "45") + "' " + pick("DAY", "HOUR", "MINUTE"),
              Kind.TS,
              ATOM);
      case 2 ->
          new Expr(
              "INTERVAL (" + days(scope).sql() + ") " + pick("DAY", "DAYS", "HOUR"), Kind.TS, ATOM);
      case 3 ->
          new Expr(
              pick("to_days", "to_hours", "to_minutes") + "(" + days(scope).sql() + ")",
              Kind.TS,
              ATOM);
      default -> castText("'" + pick("2 days", "1 hour", "90 minutes") + "'", "INTERVAL", Kind.TS);
    };
  }

  private Expr bool(Scope scope, int depth) {
    return switch (random.nextInt(24)) {
      case 0, 1, 2, 3 -> {
        Kind kind = pick(Kind.INT, Kind.NUM, Kind.STR, Kind.DATE, Kind.TS, Kind.NUM);
        Expr left = expr(kind, scope, depth);
        Expr right = expr(kind, scope, depth);
        String operator =
            pick("=", "<>", "<", "<=", ">", ">=", "!=", "IS DISTINCT FROM", "IS NOT DISTINCT FROM");
        yield new Expr(
            at(left, CONCAT) + " " + operator + " " + at(right, CONCAT), Kind.BOOL, COMPARE);
      }
      case 4, 5 ->
          binary(
              expr(Kind.BOOL, scope, depth), "AND", expr(Kind.BOOL, scope, depth), AND, Kind.BOOL);
      case 6, 7 ->
          binary(expr(Kind.BOOL, scope, depth), "OR", expr(Kind.BOOL, scope, depth), OR, Kind.BOOL);
      case 8 -> new Expr("NOT " + at(expr(Kind.BOOL, scope, depth), NOT), Kind.BOOL, NOT);
      case 9 -> {
        Kind kind = pick(Kind.INT, Kind.NUM, Kind.DATE, Kind.STR);
        yield new Expr(
            at(expr(kind, scope, depth), CONCAT)
                + pick(" BETWEEN ", " NOT BETWEEN ")
                + at(expr(kind, scope, 0), CONCAT)
                + " AND "
                + at(expr(kind, scope, 0), CONCAT),
            Kind.BOOL,
            RANGE);
      }
      case 10 -> {
        Kind kind = pick(Kind.INT, Kind.NUM, Kind.STR, Kind.DATE);
        StringJoiner list = new StringJoiner(", ", "(", ")");
        int n = 1 + random.nextInt(4);
        for (int e = 0; e < n; e++) {
          list.add(expr(kind, scope, random.nextInt(2)).sql());
        }
        yield new Expr(
            at(expr(kind, scope, depth), CONCAT) + pick(" IN ", " NOT IN ") + list,
            Kind.BOOL,
            RANGE);
      }
      case 11 ->
          new Expr(
              at(expr(Kind.STR, scope, depth), CONCAT)
                  + pick(" LIKE ", " NOT LIKE ")
                  + pick(LIKE_PATTERNS)
                  + (random.nextInt(4) == 0 ? " ESCAPE '\\'" : ""),
              Kind.BOOL,
              RANGE);
      case 12 ->
          new Expr(
              at(expr(anyKind(), scope, depth), CONCAT) + pick(" IS NULL", " IS NOT NULL"),
              Kind.BOOL,
              IS);
      case 13 ->
          new Expr(
              at(expr(Kind.BOOL, scope, depth), CONCAT)
                  + pick(" IS TRUE", " IS NOT FALSE", " IS FALSE"),
              Kind.BOOL,
              IS);
      case 14 ->
          new Expr(
              pick("starts_with", "contains", "prefix", "suffix", "ends_with")
                  + "("
                  + expr(Kind.STR, scope, depth).sql()
                  + ", "
                  + pick(STRING_LITERALS)
                  + ")",
              Kind.BOOL,
              ATOM);
      case 15 -> {
        Expr flag = expr(Kind.BOOL, scope, depth);
        yield new Expr("(" + flag.sql() + ") = " + pick("TRUE", "FALSE"), Kind.BOOL, COMPARE);
      }
      case 16, 17 -> exists(scope);
      case 18, 19 -> inSubquery(scope);
      case 20 -> caseExpr(Kind.BOOL, scope, depth);
      case 21 ->
          new Expr(
              "coalesce("
                  + expr(Kind.BOOL, scope, depth).sql()
                  + ", "
                  + pick("FALSE", "NULL")
                  + ")",
              Kind.BOOL,
              ATOM);
      case 22 -> scalarSubquery(Kind.BOOL, scope);
      default -> {
        Kind kind = pick(Kind.INT, Kind.NUM, Kind.DATE);
        yield new Expr(
            at(expr(kind, scope, depth), CONCAT)
                + " "
                + pick("=", "<", ">=")
                + " "
                + pick("ANY", "ALL", "SOME")
                + " ("
                + subquery(kind, scope, false)
                + ")",
            Kind.BOOL,
            COMPARE);
      }
    };
  }

  private Expr caseExpr(Kind kind, Scope scope, int depth) {
    StringBuilder sql = new StringBuilder("CASE");
    boolean simple = random.nextInt(3) == 0;
    Kind subject = pick(Kind.INT, Kind.STR);
    if (simple) {
      sql.append(' ').append(expr(subject, scope, depth).sql());
    }
    int branches = 1 + random.nextInt(2);
    for (int b = 0; b < branches; b++) {
      sql.append(" WHEN ")
          .append(simple ? literal(subject).sql() : expr(Kind.BOOL, scope, depth).sql())
          .append(" THEN ")
          .append(expr(kind, scope, depth).sql());
    }
    int ending = random.nextInt(3);
    if (ending == 0) {
      sql.append(" ELSE ").append(expr(kind, scope, depth).sql());
    } else if (ending == 1) {
      sql.append(" ELSE NULL");
    }
    return new Expr(sql.append(" END").toString(), kind, ATOM);
  }

  // ---------------------------------------------------------------- aggregates and windows

  /** In an aggregated query: a group key, an aggregate over the rows, or a literal. */
  private Expr aggregateLeaf(Kind kind, Scope scope) {
    List<Ref> keys = scope.groupKeys().stream().filter(ref -> fits(ref.kind(), kind)).toList();
    if (!keys.isEmpty() && random.nextInt(4) == 0) {
      return new Expr(keys.get(random.nextInt(keys.size())).sql(), kind, ATOM);
    }
    // An aggregate of only the enclosing query's columns would belong to the enclosing query.
    Scope rows = new Scope(scope.columns(), List.of(), false, List.of(), null);
    String filter =
        random.nextInt(6) == 0 ? " FILTER (WHERE " + expr(Kind.BOOL, rows, 1).sql() + ")" : "";
    Expr aggregate =
        switch (kind) {
          case INT ->
              switch (random.nextInt(5)) {
                case 0 -> new Expr("count(*)" + filter, Kind.INT, ATOM);
                case 1 ->
                    new Expr(
                        "count("
                            + pick("", "DISTINCT ")
                            + expr(anyKind(), rows, 1).sql()
                            + ")"
                            + filter,
                        Kind.INT,
                        ATOM);
                case 2 ->
                    new Expr("count_if(" + expr(Kind.BOOL, rows, 1).sql() + ")", Kind.INT, ATOM);
                default ->
                    new Expr(
                        pick("sum", "min", "max")
                            + "("
                            + expr(Kind.INT, rows, 1).sql()
                            + ")"
                            + filter,
                        Kind.INT,
                        ATOM);
              };
          case NUM ->
              new Expr(
                  pick("sum", "avg", "min", "max", "median", "stddev_samp", "var_pop")
                      + "("
                      + expr(Kind.NUM, rows, 2).sql()
                      + ")"
                      + filter,
                  Kind.NUM,
                  ATOM);
          case STR ->
              random.nextBoolean()
                  ? new Expr(
                      pick("min", "max") + "(" + expr(Kind.STR, rows, 1).sql() + ")" + filter,
                      Kind.STR,
                      ATOM)
                  : stringAgg(rows);
          case DATE ->
              new Expr(
                  pick("min", "max") + "(" + expr(Kind.DATE, rows, 1).sql() + ")" + filter,
                  Kind.DATE,
                  ATOM);
          case TS ->
              new Expr(
                  pick("min", "max") + "(" + expr(Kind.TS, rows, 1).sql() + ")" + filter,
                  Kind.TS,
                  ATOM);
          case BOOL ->
              random.nextBoolean()
                  ? new Expr(
                      pick("bool_and", "bool_or") + "(" + expr(Kind.BOOL, rows, 1).sql() + ")",
                      Kind.BOOL,
                      ATOM)
                  : comparison(aggregateLeaf(Kind.NUM, scope), literal(Kind.NUM));
        };
    boolean call = filter.isEmpty() && aggregate.precedence() == ATOM;
    return new Expr(aggregate.sql(), aggregate.kind(), aggregate.precedence(), call);
  }

  /**
   * {@code string_agg} of a string column ordered by itself, so the concatenation does not depend
   * on row order (DuckDB refuses to order by a literal); {@code min} when no string column is in
   * scope.
   */
  private Expr stringAgg(Scope rows) {
    List<Ref> strings = rows.columns().stream().filter(ref -> ref.kind() == Kind.STR).toList();
    if (strings.isEmpty()) {
      return new Expr("min(" + expr(Kind.STR, rows, 1).sql() + ")", Kind.STR, ATOM);
    }
    String value = strings.get(random.nextInt(strings.size())).sql();
    return new Expr(
        "string_agg("
            + value
            + ", "
            + pick("','", "' | '")
            + " ORDER BY "
            + value
            + pick("", " DESC")
            + ")",
        Kind.STR,
        ATOM);
  }

  private Expr comparison(Expr left, Expr right) {
    return new Expr(
        at(left, CONCAT) + " " + pick("=", "<", ">", "<>") + " " + at(right, CONCAT),
        Kind.BOOL,
        COMPARE);
  }

  /**
   * A window function; ordered by the unique key where the value depends on row order, by a value
   * where only peers matter. {@code null} when no window returns {@code kind}.
   */
  private Expr window(Kind kind, Scope scope) {
    Scope rows = scope.rows();
    String key = scope.windowKey();
    List<Ref> partitions = scope.columns().stream().filter(Ref::groupKey).toList();
    String partition =
        partitions.isEmpty() || random.nextBoolean()
            ? ""
            : "PARTITION BY " + partitions.get(random.nextInt(partitions.size())).sql() + " ";
    String byKey = "(" + partition + "ORDER BY " + key + pick("", " DESC") + ")";
    return switch (kind) {
      case INT ->
          switch (random.nextInt(4)) {
            case 0 -> new Expr(pick("row_number()", "ntile(3)") + " OVER " + byKey, Kind.INT, ATOM);
            case 1 ->
                new Expr(
                    pick("rank()", "dense_rank()")
                        + " OVER ("
                        + partition
                        + "ORDER BY "
                        + expr(Kind.NUM, rows, 1).sql()
                        + pick("", " DESC", " NULLS FIRST")
                        + ")",
                    Kind.INT,
                    ATOM);
            case 2 -> new Expr("count(*) OVER (" + partition.trim() + ")", Kind.INT, ATOM);
            default ->
                new Expr(
                    pick("lag", "lead")
                        + "("
                        + expr(Kind.INT, rows, 1).sql()
                        + pick("", ", 2")
                        + ") OVER "
                        + byKey,
                    Kind.INT,
                    ATOM);
          };
      case NUM ->
          switch (random.nextInt(3)) {
            case 0 ->
                new Expr(
                    "sum("
                        + expr(Kind.NUM, rows, 1).sql()
                        + ") OVER ("
                        + partition
                        + "ORDER BY "
                        + key
                        + " ROWS BETWEEN "
                        + pick("1", "2")
                        + " PRECEDING AND CURRENT ROW)",
                    Kind.NUM,
                    ATOM);
            case 1 ->
                new Expr(
                    pick("cume_dist()", "percent_rank()")
                        + " OVER ("
                        + partition
                        + "ORDER BY "
                        + expr(Kind.INT, rows, 0).sql()
                        + ")",
                    Kind.NUM,
                    ATOM);
            default ->
                new Expr(
                    pick("avg", "max", "sum")
                        + "("
                        + expr(Kind.NUM, rows, 1).sql()
                        + ") OVER ("
                        + partition.trim()
                        + ")",
                    Kind.NUM,
                    ATOM);
          };
      case STR, DATE, TS ->
          new Expr(
              pick("first_value", "last_value", "lag")
                  + "("
                  + expr(kind, rows, 1).sql()
                  + ") OVER "
                  + byKey,
              kind,
              ATOM);
      case BOOL -> null;
    };
  }

  // ---------------------------------------------------------------- subqueries

  /**
   * A scalar subquery: an aggregate, or the first value in its own order (ORDER BY ... LIMIT 1),
   * over a synthetic table, sometimes correlated with the enclosing query's columns, sometimes over
   * invoices.
   */
  private Expr scalarSubquery(Kind kind, Scope scope) {
    return new Expr("(" + subquery(kind, scope, true) + ")", kind, ATOM);
  }

  /** A query of one column of {@code kind}; {@code scalar}: at most one row. */
  private String subquery(Kind kind, Scope scope, boolean scalar) {
    if (scalar && random.nextInt(6) == 0 && (kind == Kind.INT || kind == Kind.DATE)) {
      String column = kind == Kind.INT ? "amount_cents" : "issued_on";
      return "SELECT "
          + pick("max", "min")
          + "("
          + column
          + ") FROM invoices"
          + (random.nextBoolean() ? " WHERE status = " + pick("'paid'", "'void'") : "");
    }
    Source inner = table(random.nextBoolean() ? TYPED_KEYS : TYPED_VALUES, "s" + ++aliases);
    List<Ref> outer = correlated(scope);
    Scope rows = new Scope(inner.columns(), outer, false, List.of(), null);
    String where = random.nextBoolean() ? " WHERE " + expr(Kind.BOOL, rows, 1).sql() : "";
    if (scalar && random.nextBoolean()) {
      Scope aggregated = new Scope(rows.columns(), outer, true, List.of(), null);
      return "SELECT " + aggregateLeaf(kind, aggregated).sql() + " FROM " + inner.from() + where;
    }
    Expr value = expr(kind, rows, 1);
    String sql = "SELECT " + value.sql() + " FROM " + inner.from() + where;
    if (scalar) {
      // The first value in the order of the value itself: ties hold the same value. DuckDB refuses
      // to
      // order by a literal, so the value is named only when it is a column.
      boolean column = inner.columns().stream().anyMatch(ref -> ref.sql().equals(value.sql()));
      sql +=
          " ORDER BY "
              + (column && random.nextBoolean() ? value.sql() : "1")
              + pick("", " DESC", " NULLS FIRST", " DESC NULLS LAST")
              + " LIMIT 1";
    }
    return sql;
  }

  /**
   * The enclosing query's columns a subquery may refer to: only qualified ones, so an inner column
   * of the same name never captures them, and in an aggregated query only the group keys.
   */
  private static List<Ref> correlated(Scope scope) {
    return (scope.aggregate() ? scope.groupKeys() : scope.columns())
        .stream().filter(ref -> ref.sql().contains(".")).toList();
  }

  private Expr exists(Scope scope) {
    Source inner = table(random.nextBoolean() ? TYPED_KEYS : TYPED_VALUES, "s" + ++aliases);
    Scope rows = new Scope(inner.columns(), correlated(scope), false, List.of(), null);
    boolean negated = random.nextBoolean();
    return new Expr(
        (negated ? "NOT EXISTS" : "EXISTS")
            + " (SELECT "
            + pick("1", "*")
            + " FROM "
            + inner.from()
            + " WHERE "
            + expr(Kind.BOOL, rows, 2).sql()
            + ")",
        Kind.BOOL,
        negated ? NOT : ATOM);
  }

  private Expr inSubquery(Scope scope) {
    Kind kind = pick(Kind.INT, Kind.STR, Kind.DATE);
    return new Expr(
        at(expr(kind, scope, 1), CONCAT)
            + pick(" IN (", " NOT IN (")
            + subquery(kind, scope, false)
            + ")",
        Kind.BOOL,
        RANGE);
  }

  // ---------------------------------------------------------------- randomness

  @SafeVarargs
  private <T> T pick(T... choices) {
    return choices[random.nextInt(choices.length)];
  }
}
