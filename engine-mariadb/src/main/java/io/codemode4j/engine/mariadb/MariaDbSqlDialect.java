package io.codemode4j.engine.mariadb;

import java.util.Locale;
import org.apache.calcite.sql.SqlBasicTypeNameSpec;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlDataTypeSpec;
import org.apache.calcite.sql.SqlFunction;
import org.apache.calcite.sql.SqlIntervalLiteral;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlTypeNameSpec;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.dialect.MysqlSqlDialect;
import org.apache.calcite.sql.fun.SqlBetweenOperator;
import org.apache.calcite.sql.fun.SqlIntervalOperator;
import org.apache.calcite.sql.fun.SqlLibraryOperators;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.jspecify.annotations.Nullable;

/**
 * Calcite's MySQL dialect as MariaDB 10.11 reads what the allowlist renders: the unparse half of a
 * MariaDB dialect (its tree rewrites are {@link MariaDbNullOrder} and the allowlist's fractional
 * division; NOTES.md lists what else the corpus needs).
 *
 * <p>Decided: the text means the same under every {@code sql_mode} a server or session may have, so
 * nothing depends on the pool's settings:
 *
 * <ul>
 *   <li>identifiers in backticks, never double quotes: without {@code ANSI_QUOTES} MariaDB reads
 *       {@code "region"} as the string 'region' and answers silently wrong rows;
 *   <li>{@code a || b} as {@code concat(a, b)} (NULL if either is, as DuckDB's {@code ||}): without
 *       {@code PIPES_AS_CONCAT}, {@code ||} is a logical OR;
 *   <li>a string literal with a backslash as {@code concat('a', char(92 USING utf8mb4), 'b')}: a
 *       backslash escapes in a MariaDB literal unless {@code NO_BACKSLASH_ESCAPES}, so {@code 'a\'}
 *       would not end where the allowlist's lexical check saw it end;
 *   <li>a cast to the MariaDB type of {@link MariaDbCastTypes} ({@code x::type} too), written
 *       {@code CAST(} with no space: unless {@code IGNORE_SPACE}, MariaDB reads a name, a space and
 *       a parenthesis as a call of a stored function of that name;
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

  /** The one instance: it holds no state. */
  public static final MariaDbSqlDialect INSTANCE = new MariaDbSqlDialect();

  private static final char BACKSLASH = '\\';

  private MariaDbSqlDialect() {
    super(MysqlSqlDialect.DEFAULT_CONTEXT);
  }

  @Override
  public void quoteStringLiteral(StringBuilder buf, @Nullable String charsetName, String val) {
    if (val.indexOf(BACKSLASH) < 0) {
      plain(buf, val);
      return;
    }
    buf.append("concat(");
    String[] parts = val.split("\\\\", -1);
    for (int i = 0; i < parts.length; i++) {
      if (i > 0) {
        buf.append(", char(92 USING utf8mb4), ");
      }
      plain(buf, parts[i]);
    }
    buf.append(')');
  }

  private static void plain(StringBuilder buf, String value) {
    buf.append('\'').append(value.replace("'", "''")).append('\'');
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
