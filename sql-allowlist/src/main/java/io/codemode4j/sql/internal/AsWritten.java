package io.codemode4j.sql.internal;

import io.codemode4j.sql.dialect.Dialect;
import java.math.BigDecimal;
import java.util.Objects;
import java.util.regex.Pattern;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlCharStringLiteral;
import org.apache.calcite.sql.SqlFunctionCategory;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlIntervalQualifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNumericLiteral;
import org.apache.calcite.sql.SqlUnresolvedFunction;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.fun.SqlExtractFunction;
import org.apache.calcite.sql.fun.SqlIntervalOperator;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.util.SqlShuttle;
import org.jspecify.annotations.Nullable;

/**
 * Keeps numbers and {@code EXTRACT} units as they were written, so DuckDB gives the rendering the
 * types and labels it gives the submitted text.
 *
 * <p>Calcite keeps a number's value, not its spelling: {@code 42.} renders as {@code 42} (DuckDB's
 * DECIMAL(2,0) becomes INTEGER), {@code .34} as {@code 0.34} (DECIMAL(2,2) becomes DECIMAL(3,2)),
 * {@code 1e3} as {@code 1E3}; and DuckDB names an unaliased column after the literal's text, so the
 * row key changes with the spelling. This pass replaces each number of the parsed tree by one that
 * renders the digits of its source text, checked to be a plain number ({@link #NUMBER}); a number
 * whose text is anything else keeps Calcite's rendering. A negative number renders in parentheses,
 * {@code (-5)}: DuckDB applies a sign after {@code ::} ({@code -5::VARCHAR} is {@code
 * -(5::VARCHAR)}), and the parentheses change neither the type nor the label ({@code -5} either
 * way).
 *
 * <p>Likewise for labels: DuckDB labels {@code EXTRACT(dow FROM d)} {@code date_part('dow', d)},
 * with the unit as written, where Calcite renders {@code EXTRACT(DOW FROM d)}, labelled {@code
 * date_part('DOW', d)}: the pass keeps the unit as written in the call ({@link WrittenExtract}),
 * which renders as {@code EXTRACT} wherever the dialect keeps it, and DuckDB's own rewrite writes
 * as {@code date_part} ({@link DuckDbSql#datePartLabels}). {@code trim(s)} stays a call of one
 * argument (Calcite fills in {@code BOTH ' ' FROM}), and {@code current_date} keeps its spelling.
 * {@code CAST('90 minutes' AS INTERVAL)}, which Babel reads as a cast to {@code INTERVAL SECOND},
 * becomes the interval the string names ({@link DuckDbForms#INTERVAL_TEXT}).
 */
final class AsWritten extends SqlShuttle {

  /** An unsigned number as DuckDB and Calcite both read it. */
  private static final Pattern NUMBER =
      Pattern.compile("([0-9]+(\\.[0-9]*)?|\\.[0-9]+)([eE][-+]?[0-9]+)?");

  /**
   * A unit of EXTRACT or a keyword as a plain word, e.g. {@code dow}, {@code Year}, {@code
   * current_date}.
   */
  private static final Pattern WORD = Pattern.compile("[A-Za-z_]+");

  /**
   * What may stand around a number's digits in the text its position covers: spaces, parentheses
   * and signs before, spaces and parentheses after. Compiled once: {@code String.replaceAll}
   * compiled it for every number of every query.
   */
  private static final Pattern AROUND_DIGITS = Pattern.compile("^[\\s(+-]+|[\\s)]+$");

  /** What may stand before a number's digits: spaces, parentheses and signs. */
  private static final Pattern BEFORE_DIGITS = Pattern.compile("^[\\s(+-]+");

  private final SqlScan text;
  private final Dialect dialect;

  private AsWritten(SqlScan text, Dialect dialect) {
    this.text = text;
    this.dialect = dialect;
  }

  /**
   * {@code query}, parsed from {@code text}, with its numbers rendering as written; the input is
   * not changed.
   */
  static SqlNode keep(SqlNode query, SqlScan text, Dialect dialect) {
    return query.accept(new AsWritten(text, dialect));
  }

  @Override
  public @Nullable SqlNode visit(SqlCall call) {
    SqlNode visited = super.visit(call);
    if (!(visited instanceof SqlCall copy)) {
      return visited;
    }
    if (copy.getOperator() == SqlStdOperatorTable.EXTRACT
        && copy.operand(0) instanceof SqlIntervalQualifier unit) {
      String written = written(unit.getParserPosition());
      if (written != null && WORD.matcher(written).matches()) {
        SqlNode date = copy.operand(1);
        return new WrittenExtract(written).createCall(copy.getParserPosition(), unit, date);
      }
    }
    if (copy.getKind() == SqlKind.CAST
        && copy.operand(1) instanceof SqlIntervalQualifier type
        && copy.operand(0) instanceof SqlCharStringLiteral text
        && "INTERVAL".equalsIgnoreCase(written(type.getParserPosition()))) {
      // CAST('90 minutes' AS INTERVAL): Babel reads INTERVAL SECOND; DuckDB parses the string.
      SqlNode interval = DuckDbSyntax.intervalText(text, copy.getParserPosition());
      if (interval != null) {
        return interval;
      }
    }
    if (!(copy.getOperator() instanceof SqlIntervalOperator)
        && copy.getOperator() != SqlStdOperatorTable.EXTRACT
        && copy.getKind() != SqlKind.CAST
        && copy.getKind() != SqlKind.SAFE_CAST
        && copy.getOperandList().stream().anyMatch(SqlIntervalQualifier.class::isInstance)) {
      SqlNode[] operands = copy.getOperandList().toArray(SqlNode[]::new);
      boolean changed = false;
      for (int i = 0; i < operands.length; i++) {
        if (operands[i] instanceof SqlIntervalQualifier unit) {
          String written = written(unit.getParserPosition());
          if (written != null && WORD.matcher(written).matches()) {
            // Babel reads date_trunc('hour', month) as a unit; DuckDB reads a bare word as a
            // column.
            operands[i] = new SqlIdentifier(written, unit.getParserPosition());
            changed = true;
          }
        }
      }
      if (changed) {
        return copy.getOperator()
            .createCall(copy.getFunctionQuantifier(), copy.getParserPosition(), operands);
      }
    }
    if (copy.getKind() == SqlKind.TRIM
        && copy.operandCount() == 3
        && copy.operand(1).getParserPosition().equals(copy.getParserPosition())) {
      // trim(x) written with one argument: Calcite fills in BOTH ' ' FROM, which DuckDB labels
      // "trim"(x, ' ').
      SqlIdentifier name = new SqlIdentifier("trim", copy.getParserPosition());
      SqlNode trimmed = copy.operand(2);
      return new SqlUnresolvedFunction(name, null, null, null, null, SqlFunctionCategory.STRING)
          .createCall(copy.getParserPosition(), trimmed);
    }
    return visited;
  }

  @Override
  public SqlNode visit(SqlIdentifier id) {
    // Every value keyword is 4 to 17 letters and starts with c, l, s or u; checked first, it is
    // cheap.
    if (id.isSimple()
        && mayBeValueKeyword(id.getSimple())
        && !Names.isQuoted(id, 0)
        && dialect.valueKeywords().contains(Names.fold(id.getSimple()))
        && WORD.matcher(id.getSimple()).matches()
        && !(id instanceof WrittenKeyword)) {
      return new WrittenKeyword(id.getSimple(), id.getParserPosition());
    }
    return id;
  }

  @Override
  public SqlNode visit(SqlLiteral literal) {
    if (!(literal instanceof SqlNumericLiteral number) || literal instanceof Written) {
      return literal;
    }
    String digits = digits(number.getParserPosition());
    BigDecimal value = NumericLiterals.value(number);
    // The sign as written: Calcite's value of -0 is 0, which DuckDB labels 0 where the text says
    // -0.
    boolean negative =
        digits == null ? value.signum() < 0 : minusSigns(number.getParserPosition()) % 2 == 1;
    if (!negative && digits != null && digits.equals(number.toValue())) {
      return literal;
    }
    return new Written(
        value,
        number.getPrec(),
        number.getScale(),
        number.isExact(),
        number.getParserPosition(),
        digits == null ? value.abs().toString() : digits,
        negative);
  }

  /**
   * The unsigned digits of the number's source text, or {@code null} when it is not a plain number.
   */
  private @Nullable String digits(SqlParserPos pos) {
    String written = written(pos);
    if (written == null) {
      return null;
    }
    // A parenthesised number's position covers its parentheses; its sign may stand apart from it.
    String unsigned = AROUND_DIGITS.matcher(written).replaceAll("");
    return NUMBER.matcher(unsigned).matches() ? unsigned : null;
  }

  private static boolean mayBeValueKeyword(String name) {
    char first = Character.toLowerCase(name.charAt(0));
    return name.length() >= 4 && (first == 'c' || first == 'l' || first == 's' || first == 'u');
  }

  /** How many minus signs stand before the digits of the number at {@code pos}. */
  private long minusSigns(SqlParserPos pos) {
    // Only asked of a number whose digits were read from the text, so the text is there.
    String written = Objects.requireNonNull(written(pos));
    String prefix =
        written.substring(
            0, written.length() - BEFORE_DIGITS.matcher(written).replaceAll("").length());
    return prefix.chars().filter(c -> c == '-').count();
  }

  /** The source text at {@code pos}, or {@code null} for a node the parser did not place. */
  private @Nullable String written(SqlParserPos pos) {
    if (pos.getLineNum() < 1) {
      return null;
    }
    int start = text.index(pos.getLineNum(), pos.getColumnNum());
    int end = text.index(pos.getEndLineNum(), pos.getEndColumnNum()) + 1;
    return end > text.sql().length() || start >= end ? null : text.sql().substring(start, end);
  }

  /**
   * {@code EXTRACT} with its unit as written, e.g. {@code dow} or {@code Year}: one operator per
   * call, which renders as the standard {@code EXTRACT} and tells a dialect's rewrite the unit.
   */
  static final class WrittenExtract extends SqlExtractFunction {

    private final String unit;

    WrittenExtract(String unit) {
      super("EXTRACT", false);
      this.unit = unit;
    }

    /** The unit as written. */
    String unit() {
      return unit;
    }
  }

  /**
   * A name DuckDB calls as a function ({@code current_date}), rendered as written: DuckDB labels
   * the column with its spelling, where Calcite writes it in capitals.
   */
  static final class WrittenKeyword extends SqlIdentifier {

    WrittenKeyword(String name, SqlParserPos pos) {
      super(name, pos);
    }

    @Override
    public WrittenKeyword clone(SqlParserPos pos) {
      return new WrittenKeyword(getSimple(), pos);
    }

    @Override
    public void unparse(SqlWriter writer, int leftPrec, int rightPrec) {
      writer.literal(getSimple());
    }
  }

  /** A number that renders its written digits, negative ones in parentheses. */
  static final class Written extends SqlNumericLiteral {

    private final String digits;
    private final boolean negative;

    Written(
        BigDecimal value,
        @Nullable Integer prec,
        @Nullable Integer scale,
        boolean exact,
        SqlParserPos pos,
        String digits,
        boolean negative) {
      super(value, prec, scale, exact, pos);
      this.digits = digits;
      this.negative = negative;
    }

    @Override
    public Written clone(SqlParserPos pos) {
      return new Written(
          NumericLiterals.value(this), getPrec(), getScale(), isExact(), pos, digits, negative);
    }

    @Override
    public void unparse(SqlWriter writer, int leftPrec, int rightPrec) {
      writer.literal(negative ? "(-" + digits + ")" : digits);
    }
  }
}
