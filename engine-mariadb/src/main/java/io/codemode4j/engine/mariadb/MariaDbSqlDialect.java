package io.codemode4j.engine.mariadb;

import java.util.Locale;
import java.util.Set;
import org.apache.calcite.sql.SqlBasicTypeNameSpec;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlDataTypeSpec;
import org.apache.calcite.sql.SqlFunction;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlIntervalLiteral;
import org.apache.calcite.sql.SqlIntervalQualifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlTypeNameSpec;
import org.apache.calcite.sql.SqlUnresolvedFunction;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.dialect.MysqlSqlDialect;
import org.apache.calcite.sql.fun.SqlBetweenOperator;
import org.apache.calcite.sql.fun.SqlIntervalOperator;
import org.apache.calcite.sql.fun.SqlLibraryOperators;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;

/**
 * Calcite's MySQL dialect as MariaDB 10.11 reads what the allowlist renders: the unparse half of
 * {@link MariaDbSql}'s dialect, whose tree rewrites run first (a backslash in a literal is already
 * {@code char(92 USING utf8mb4)}, {@link MariaDbBackslashes}; the allowlist's shared steps write
 * every other literal plain).
 *
 * <p>Decided: the text means the same under every {@code sql_mode} a server or session may have, so
 * nothing depends on the pool's settings:
 *
 * <ul>
 *   <li>identifiers in backticks, never double quotes: without {@code ANSI_QUOTES} MariaDB reads
 *       {@code "status"} as the string 'status' and answers silently wrong rows;
 *   <li>{@code a || b} as {@code concat(a, b)} (NULL if either is, as DuckDB's {@code ||}): without
 *       {@code PIPES_AS_CONCAT}, {@code ||} is a logical OR;
 *   <li>a cast to the MariaDB type of {@link MariaDbCastTypes} ({@code x::type} too), written
 *       {@code CAST(} with no space: unless {@code IGNORE_SPACE}, MariaDB reads a name, a space and
 *       a parenthesis as a call of a stored function of that name;
 *   <li>a function Calcite does not know ({@code if}, {@code date_add}, {@code makedate} ...) by
 *       its name unquoted: Calcite would quote it, and MariaDB reads a quoted name before a
 *       parenthesis as a stored function's ({@code `if`(...)}: "execute command denied ... routine
 *       shop.if"), or, before an interval argument, not at all; the name is the catalog's, an
 *       identifier;
 *   <li>{@code length(x)} as {@code char_length(x)}: MariaDB's {@code length} counts bytes; {@code
 *       concat(a, b)} as {@code concat_ws('', a, b)}: DuckDB's concat skips NULLs, MariaDB's is
 *       NULL if any argument is;
 *   <li>{@code x + INTERVAL 30 DAY} as {@code date_add(x, INTERVAL 30 DAY)}: MariaDB cannot parse a
 *       parenthesised interval, and every operand is parenthesised;
 *   <li>{@code NULLS FIRST/LAST}, which MariaDB cannot parse, as an ordering on {@code x IS NULL}
 *       first; plain {@code BETWEEN}, since Calcite writes {@code BETWEEN ASYMMETRIC}.
 * </ul>
 */
public final class MariaDbSqlDialect extends MysqlSqlDialect {

  /** The units MariaDB's {@code timestampdiff} takes. */
  private static final Set<String> TIMESTAMP_UNITS =
      Set.of("MICROSECOND", "SECOND", "MINUTE", "HOUR", "DAY", "WEEK", "MONTH", "QUARTER", "YEAR");

  /** The one instance: it holds no state. */
  public static final MariaDbSqlDialect INSTANCE = new MariaDbSqlDialect();

  private MariaDbSqlDialect() {
    super(MysqlSqlDialect.DEFAULT_CONTEXT);
  }

  @Override
  public void unparseCall(SqlWriter writer, SqlCall call, int leftPrec, int rightPrec) {
    if (call.getOperator() == SqlStdOperatorTable.CONCAT) {
      function(writer, "concat", call);
    } else if (call.getKind() == SqlKind.CAST
        || call.getOperator() == SqlLibraryOperators.INFIX_CAST) {
      cast(writer, call);
    } else if (call.getOperator() instanceof SqlBetweenOperator between) {
      if (between.flag == SqlBetweenOperator.Flag.SYMMETRIC) {
        throw new IllegalArgumentException("MariaDB has no BETWEEN SYMMETRIC");
      }
      SqlWriter.Frame frame = writer.startList(SqlWriter.FrameTypeEnum.SIMPLE);
      parenthesised(writer, call.operand(0));
      writer.sep(between.isNegated() ? "NOT BETWEEN" : "BETWEEN");
      parenthesised(writer, call.operand(1));
      writer.sep("AND");
      parenthesised(writer, call.operand(2));
      writer.endList(frame);
    } else if ((call.getKind() == SqlKind.PLUS || call.getKind() == SqlKind.MINUS)
        && call.operandCount() == 2
        && isInterval(call.operand(1))) {
      dateArithmetic(writer, call);
    } else if (call.getKind() == SqlKind.NULLS_FIRST || call.getKind() == SqlKind.NULLS_LAST) {
      nullsOrdered(writer, call);
    } else if (call.getOperator() instanceof SqlFunction function
        && function.getName().toLowerCase(Locale.ROOT).equals("length")
        && call.operandCount() == 1) {
      function(writer, "char_length", call);
    } else if (call.getOperator() instanceof SqlFunction function
        && function.getName().toLowerCase(Locale.ROOT).equals("concat")) {
      concatSkippingNulls(writer, call);
    } else if (call.getKind() == SqlKind.TIMESTAMP_DIFF && call.operandCount() == 3) {
      timestampDiff(writer, call);
    } else if (call.getOperator() instanceof SqlUnresolvedFunction function) {
      function(writer, function.getName().toLowerCase(Locale.ROOT), call);
    } else {
      super.unparseCall(writer, call, leftPrec, rightPrec);
    }
  }

  private static boolean isInterval(SqlNode node) {
    return node instanceof SqlIntervalLiteral
        || (node instanceof SqlCall call && call.getOperator() instanceof SqlIntervalOperator);
  }

  /**
   * {@code x + INTERVAL 30 DAY} as {@code date_add(x, INTERVAL 30 DAY)}: MariaDB reads an interval
   * only bare, and the renderer parenthesises every operand.
   */
  private static void dateArithmetic(SqlWriter writer, SqlCall call) {
    writer.print(call.getKind() == SqlKind.PLUS ? "date_add" : "date_sub");
    SqlWriter.Frame frame = writer.startList(SqlWriter.FrameTypeEnum.FUN_CALL, "(", ")");
    writer.sep(",");
    call.operand(0).unparse(writer, 0, 0);
    writer.sep(",");
    SqlNode interval = call.operand(1);
    if (interval instanceof SqlCall numeric) {
      writer.keyword("INTERVAL");
      numeric.operand(0).unparse(writer, 0, 0);
      numeric.operand(1).unparse(writer, 0, 0);
    } else {
      interval.unparse(writer, 0, 0);
    }
    writer.endList(frame);
  }

  /** DuckDB's {@code concat(a, b)}, which skips NULLs, as {@code concat_ws('', a, b)}. */
  private static void concatSkippingNulls(SqlWriter writer, SqlCall call) {
    writer.print("concat_ws");
    SqlWriter.Frame frame = writer.startList(SqlWriter.FrameTypeEnum.FUN_CALL, "(", ")");
    writer.sep(",");
    writer.literal("''");
    for (SqlNode operand : call.getOperandList()) {
      writer.sep(",");
      operand.unparse(writer, 0, 0);
    }
    writer.endList(frame);
  }

  /** {@code x NULLS LAST} as {@code (x) IS NULL, x}; {@code NULLS FIRST} with {@code DESC}. */
  private static void nullsOrdered(SqlWriter writer, SqlCall call) {
    SqlNode item = call.operand(0);
    boolean descending = item.getKind() == SqlKind.DESCENDING;
    SqlNode value = descending ? ((SqlCall) item).operand(0) : item;
    parenthesised(writer, value);
    writer.keyword("IS NULL");
    if (call.getKind() == SqlKind.NULLS_FIRST) {
      writer.keyword("DESC");
    }
    writer.sep(",");
    parenthesised(writer, value);
    if (descending) {
      writer.keyword("DESC");
    }
  }

  /**
   * {@code timestampdiff(DAY, a, b)} with its unit as a keyword: Calcite holds the unit as a name,
   * which it would quote, and MariaDB reads {@code `DAY`} as a column.
   */
  private static void timestampDiff(SqlWriter writer, SqlCall call) {
    SqlNode unit = call.operand(0);
    String name =
        switch (unit) {
          case SqlIntervalQualifier qualifier -> qualifier.timeUnitRange.startUnit.name();
          case SqlIdentifier id when id.isSimple() -> id.getSimple().toUpperCase(Locale.ROOT);
          default -> "";
        };
    if (!TIMESTAMP_UNITS.contains(name)) {
      throw new IllegalArgumentException(
          "timestampdiff on MariaDB takes a unit of " + TIMESTAMP_UNITS + ", not " + unit);
    }
    SqlWriter.Frame frame = writer.startFunCall("timestampdiff");
    writer.sep(",");
    writer.keyword(name);
    writer.sep(",");
    call.operand(1).unparse(writer, 0, 0);
    writer.sep(",");
    call.operand(2).unparse(writer, 0, 0);
    writer.endFunCall(frame);
  }

  private static void cast(SqlWriter writer, SqlCall call) {
    SqlDataTypeSpec spec = (SqlDataTypeSpec) call.operand(1);
    SqlTypeNameSpec name = spec.getTypeNameSpec();
    int precision = -1;
    int scale = -1;
    if (name instanceof SqlBasicTypeNameSpec basic) {
      precision = basic.getPrecision();
      scale = basic.getScale();
    }
    String target = MariaDbCastTypes.target(name.getTypeName().getSimple(), precision, scale);
    // startFunCall writes CAST( with no space: MariaDB reads "CAST (" as a stored function.
    SqlWriter.Frame frame = writer.startFunCall("CAST");
    call.operand(0).unparse(writer, 0, 0);
    writer.keyword("AS");
    writer.keyword(target);
    writer.endList(frame);
  }

  private static void function(SqlWriter writer, String name, SqlCall call) {
    writer.print(name);
    SqlWriter.Frame frame = writer.startList(SqlWriter.FrameTypeEnum.FUN_CALL, "(", ")");
    if (call.getFunctionQuantifier() instanceof SqlLiteral quantifier) {
      quantifier.unparse(writer, 0, 0);
    }
    for (SqlNode operand : call.getOperandList()) {
      writer.sep(",");
      operand.unparse(writer, 0, 0);
    }
    writer.endList(frame);
  }

  private static void parenthesised(SqlWriter writer, SqlNode operand) {
    SqlWriter.Frame frame = writer.startList("(", ")");
    operand.unparse(writer, 0, 0);
    writer.endList(frame);
  }
}
