package io.codemode4j.engine.mariadb;

import io.codemode4j.sql.RefusalReason;
import io.codemode4j.sql.SqlRefusedException;
import io.codemode4j.sql.dialect.SyntaxCheck;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.apache.calcite.sql.SqlBasicTypeNameSpec;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlDataTypeSpec;
import org.apache.calcite.sql.SqlFunction;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlIntervalLiteral;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlOrderBy;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.SqlWith;
import org.apache.calcite.sql.SqlWithItem;
import org.apache.calcite.sql.fun.SqlCase;
import org.apache.calcite.sql.fun.SqlIntervalOperator;
import org.apache.calcite.sql.fun.SqlLibraryOperators;
import org.apache.calcite.sql.type.SqlTypeName;
import org.jspecify.annotations.Nullable;

/**
 * Refuses {@code +} and {@code -} on a date or time, other than with an interval: MariaDB computes
 * them on the date as the number YYYYMMDD ({@code DATE '2026-01-31' - DATE '2025-12-31'} is 8900,
 * {@code DATE '2026-01-31' + 1} is 20260132), where DuckDB, whose SQL the allowlist reads, answers
 * 31 days and the date a day later: the same query would answer other numbers, silently.
 *
 * <p>Decided: refused, not rewritten to {@code datediff}, since what an operand is depends on its
 * column's type, which the tree does not carry: a name is judged by {@link MariaDbColumnTypes} (the
 * database's date and time columns) and by what the query itself defines it as ({@code min(issued)
 * AS first} is a date, {@code sum(x) AS total} is not), and a refusal of a number mistaken for a
 * date costs a rewrite by the model, where a date mistaken for a number would answer wrong rows.
 * {@code x + INTERVAL n DAY} stays: the dialect writes it {@code date_add}.
 *
 * <p>Each query node is judged with every name its own subtree defines, so the outermost, which
 * sees the whole query, decides; an inner one sees fewer definitions and, with known column types,
 * takes a name it cannot place for no date, so it never refuses what the outermost passed. Without
 * known types every name the query does not define may be a date, which refuses any {@code a - b}
 * over columns (and, in an inner query, over a WITH's columns).
 *
 * @param types the database's date and time columns
 */
record MariaDbDateArithmetic(MariaDbColumnTypes types) implements SyntaxCheck {

  /** Functions whose value is a date or time. */
  private static final Set<String> TEMPORAL_FUNCTIONS =
      Set.of(
          "current_date",
          "current_timestamp",
          "current_time",
          "localtime",
          "localtimestamp",
          "now",
          "curdate",
          "sysdate",
          "date",
          "last_day",
          "date_add",
          "date_sub",
          "adddate",
          "subdate",
          "str_to_date",
          "makedate",
          "timestampadd",
          "from_days",
          "from_unixtime",
          "date_trunc",
          "make_date");

  /** Functions whose value is one of their operands' (aggregates, windows, conditionals). */
  private static final Set<String> PASSING_FUNCTIONS =
      Set.of(
          "min",
          "max",
          "any_value",
          "first_value",
          "last_value",
          "nth_value",
          "lag",
          "lead",
          "coalesce",
          "ifnull",
          "nullif",
          "if",
          "greatest",
          "least");

  /** The catalog's other functions: none of them is a date or time. */
  private static final Set<String> OTHER_FUNCTIONS = otherFunctions();

  private static final Set<String> TEMPORAL_CASTS = Set.of("date", "time", "timestamp", "datetime");

  @Override
  public void check(SqlCall call) throws SqlRefusedException {
    if (!isQuery(call)) {
      return;
    }
    Scope scope = new Scope(types);
    scope.define(call);
    scope.settle();
    scope.refuseDateArithmetic(call);
  }

  private static boolean isQuery(SqlNode node) {
    return node instanceof SqlSelect
        || node instanceof SqlOrderBy
        || node instanceof SqlWith
        || node.getKind() == SqlKind.UNION
        || node.getKind() == SqlKind.INTERSECT
        || node.getKind() == SqlKind.EXCEPT;
  }

  private static Set<String> otherFunctions() {
    Set<String> names = new HashSet<>(MariaDbFunctions.CATALOG.names());
    names.removeAll(TEMPORAL_FUNCTIONS);
    names.removeAll(PASSING_FUNCTIONS);
    return Set.copyOf(names);
  }

  /** The names one query defines, and which of them, or of the columns, may be dates. */
  private static final class Scope {

    private final MariaDbColumnTypes types;

    /** Each {@code expression AS name} of the query, the alias's name lowercase. */
    private final List<Definition> definitions = new ArrayList<>();

    private final Set<String> defined = new HashSet<>();
    private final Set<String> temporal = new HashSet<>();

    Scope(MariaDbColumnTypes types) {
      this.types = types;
    }

    private record Definition(String name, SqlNode expression) {}

    /** Collects every alias and column list in {@code node}. */
    void define(@Nullable SqlNode node) {
      switch (node) {
        case null -> {}
        case SqlNodeList list -> list.forEach(this::define);
        case SqlWithItem item -> {
          SqlNodeList columns = item.columnList;
          if (columns != null) {
            for (int i = 0; i < columns.size(); i++) {
              SqlNode item0 = selectItem(item.query, i);
              String name = name(columns.get(i));
              defined.add(name);
              if (item0 == null) {
                temporal.add(name);
              } else {
                definitions.add(new Definition(name, item0));
              }
            }
          }
          define(item.query);
        }
        case SqlCall call -> {
          if (call.getKind() == SqlKind.AS && call.operandCount() >= 2) {
            String name = name(call.operand(1));
            defined.add(name);
            definitions.add(new Definition(name, call.operand(0)));
            // A derived table's column list renames its columns by position: taken for dates.
            for (int i = 2; i < call.operandCount(); i++) {
              String column = name(call.operand(i));
              defined.add(column);
              temporal.add(column);
            }
          }
          call.getOperandList().forEach(this::define);
        }
        default -> {}
      }
    }

    /** The {@code index}th select item of {@code query} when it is a plain SELECT, else null. */
    private static @Nullable SqlNode selectItem(SqlNode query, int index) {
      if (query instanceof SqlSelect select && index < select.getSelectList().size()) {
        return select.getSelectList().get(index);
      }
      return null;
    }

    /** Marks the aliases of date expressions, until no more is found. */
    void settle() {
      boolean changed = true;
      while (changed) {
        changed = false;
        for (Definition definition : definitions) {
          if (!temporal.contains(definition.name()) && isTemporal(definition.expression())) {
            temporal.add(definition.name());
            changed = true;
          }
        }
      }
    }

    /** Refuses the first {@code +} or {@code -} in {@code node} with a date or time operand. */
    void refuseDateArithmetic(@Nullable SqlNode node) throws SqlRefusedException {
      switch (node) {
        case null -> {}
        case SqlNodeList list -> {
          for (SqlNode element : list) {
            refuseDateArithmetic(element);
          }
        }
        case SqlCall call -> {
          if ((call.getKind() == SqlKind.PLUS || call.getKind() == SqlKind.MINUS)
              && call.operandCount() == 2
              && !isInterval(call.operand(1))
              && (isTemporal(call.operand(0)) || isTemporal(call.operand(1)))) {
            throw SqlRefusedException.at(
                RefusalReason.UNSUPPORTED_SYNTAX,
                call.getKind() == SqlKind.PLUS ? "+" : "-",
                call.getParserPosition(),
                "+ and - on a date are not supported by MariaDB, which computes them on the date"
                    + " as a number (DATE '2026-01-31' - DATE '2025-12-31' is 8900, not 31 days):"
                    + " for the days from one date to another write datediff(later, earlier); for a"
                    + " date some days later write date_add(d, INTERVAL 30 DAY)");
          }
          for (SqlNode operand : call.getOperandList()) {
            refuseDateArithmetic(operand);
          }
        }
        default -> {}
      }
    }

    /** Whether {@code node}'s value may be a date or time. */
    boolean isTemporal(@Nullable SqlNode node) {
      return switch (node) {
        case null -> false;
        case SqlIntervalLiteral interval -> false;
        case SqlLiteral literal ->
            literal.getTypeName() == SqlTypeName.DATE
                || literal.getTypeName() == SqlTypeName.TIME
                || literal.getTypeName() == SqlTypeName.TIMESTAMP;
        case SqlIdentifier id -> isTemporalName(id);
        case SqlNodeList list -> list.stream().anyMatch(this::isTemporal);
        case SqlSelect select -> select.getSelectList().stream().anyMatch(this::isTemporal);
        case SqlOrderBy orderBy -> isTemporal(orderBy.query);
        case SqlWith with -> isTemporal(with.body);
        case SqlCase when ->
            when.getThenOperands().stream().anyMatch(this::isTemporal)
                || isTemporal(when.getElseOperand());
        case SqlCall call -> isTemporalCall(call);
        default -> false;
      };
    }

    private boolean isTemporalName(SqlIdentifier id) {
      if (id.isStar()) {
        return false;
      }
      String name = id.names.getLast().toLowerCase(Locale.ROOT);
      if (temporal.contains(name)) {
        return true;
      }
      // A name the query defines is what its definitions are; a column, what the database has.
      return !defined.contains(name) && types.mayBeTemporal(name);
    }

    private boolean isTemporalCall(SqlCall call) {
      SqlKind kind = call.getKind();
      if (kind == SqlKind.CAST
          || kind == SqlKind.SAFE_CAST
          || call.getOperator() == SqlLibraryOperators.INFIX_CAST) {
        return call.operand(1) instanceof SqlDataTypeSpec spec
            && spec.getTypeNameSpec() instanceof SqlBasicTypeNameSpec
            && TEMPORAL_CASTS.contains(
                spec.getTypeNameSpec().getTypeName().getSimple().toLowerCase(Locale.ROOT));
      }
      if (kind == SqlKind.AS
          || kind == SqlKind.OVER
          || kind == SqlKind.FILTER
          || kind == SqlKind.WITHIN_GROUP) {
        return isTemporal(call.operand(0));
      }
      if (kind == SqlKind.PLUS || kind == SqlKind.MINUS) {
        return isInterval(call.operand(1))
            || isTemporal(call.operand(0))
            || isTemporal(call.operand(1));
      }
      if (kind == SqlKind.UNION || kind == SqlKind.INTERSECT || kind == SqlKind.EXCEPT) {
        return call.getOperandList().stream().anyMatch(this::isTemporal);
      }
      if (call.getOperator() instanceof SqlFunction function) {
        String name = function.getName().toLowerCase(Locale.ROOT);
        if (TEMPORAL_FUNCTIONS.contains(name)) {
          return true;
        }
        if (OTHER_FUNCTIONS.contains(name)) {
          return false;
        }
        if (PASSING_FUNCTIONS.contains(name)) {
          return call.getOperandList().stream().anyMatch(this::isTemporal);
        }
        // A function a host allowed besides the catalog: its value may be a date.
        return true;
      }
      // An ordered or null-treated call of the parser's own forms holds the call as operand 0;
      // every other operator (comparisons, AND, LIKE, ||, *, /) answers no date.
      return call.getOperator().getName().startsWith("CALL ") && isTemporal(call.operand(0));
    }
  }

  /** Whether {@code node} is an interval ({@code INTERVAL 30 DAY}, {@code INTERVAL (n) DAY}). */
  static boolean isInterval(SqlNode node) {
    return node instanceof SqlIntervalLiteral
        || (node instanceof SqlCall call && call.getOperator() instanceof SqlIntervalOperator);
  }

  private static String name(SqlNode node) {
    return node instanceof SqlIdentifier id
        ? id.names.getLast().toLowerCase(Locale.ROOT)
        : node.toString().toLowerCase(Locale.ROOT);
  }
}
