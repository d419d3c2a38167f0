package io.codemode4j.sql.internal;

import io.codemode4j.sql.dialect.Dialect;
import java.math.BigDecimal;
import java.util.Locale;
import java.util.Map;
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
import org.apache.calcite.sql.fun.SqlIntervalOperator;
import org.apache.calcite.sql.fun.SqlLibraryOperators;
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
 * with the unit as written (or, for the units its grammar knows, by its own name: {@link
 * #EXTRACT_UNITS}), where Calcite renders {@code EXTRACT(DOW FROM d)}, labelled {@code
 * date_part('DOW', d)}: for DuckDB the pass writes such a call as {@code DATE_PART('dow', d)}, the
 * same function with DuckDB's unit (PostgreSQL and Trino keep {@code EXTRACT}, which they label by
 * its own name; Trino has no {@code date_part}). {@code trim(s)} stays a call of one argument
 * (Calcite fills in {@code BOTH ' ' FROM}), and {@code current_date} keeps its spelling. {@code
 * CAST('90 minutes' AS INTERVAL)}, which Babel reads as a cast to {@code INTERVAL SECOND}, becomes
 * the interval the string names ({@link DuckDbForms#INTERVAL_TEXT}).
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
   * The units DuckDB's grammar knows as keywords, by written name, with the name DuckDB labels them
   * by ({@code EXTRACT(years FROM d)} is {@code date_part('YEAR', d)}); every other unit it labels
   * as written ({@code dow}, {@code epoch}). Measured on DuckDB; {@code AsWrittenIT} checks each.
   */
  static final Map<String, String> EXTRACT_UNITS =
      Map.ofEntries(
          Map.entry("year", "YEAR"),
          Map.entry("years", "YEAR"),
          Map.entry("month", "MONTH"),
          Map.entry("months", "MONTH"),
          Map.entry("day", "DAY"),
          Map.entry("days", "DAY"),
          Map.entry("hour", "HOUR"),
          Map.entry("hours", "HOUR"),
          Map.entry("minute", "MINUTE"),
          Map.entry("minutes", "MINUTE"),
          Map.entry("second", "SECOND"),
          Map.entry("seconds", "SECOND"),
          Map.entry("millisecond", "MILLISECONDS"),
          Map.entry("milliseconds", "MILLISECONDS"),
          Map.entry("microsecond", "MICROSECONDS"),
          Map.entry("microseconds", "MICROSECONDS"),
          Map.entry("week", "WEEK"),
          Map.entry("weeks", "WEEK"),
          Map.entry("quarter", "QUARTER"),
          Map.entry("quarters", "QUARTER"),
          Map.entry("decade", "DECADE"),
          Map.entry("decades", "DECADE"),
          Map.entry("century", "CENTURY"),
          Map.entry("centuries", "CENTURY"),
          Map.entry("millennium", "MILLENNIUM"),
          Map.entry("millennia", "MILLENNIUM"));

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
        && dialect.equals(Dialect.duckDb())
        && copy.operand(0) instanceof SqlIntervalQualifier unit) {
      String written = written(unit.getParserPosition());
      if (written != null && WORD.matcher(written).matches()) {
        String label = EXTRACT_UNITS.getOrDefault(written.toLowerCase(Locale.ROOT), written);
        return SqlLibraryOperators.DATE_PART.createCall(
            copy.getParserPosition(),
            SqlLiteral.createCharString(label, unit.getParserPosition()),
            copy.operand(1));
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
    String unsigned = written.replaceAll("^[\\s(+-]+|[\\s)]+$", "");
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
        written.substring(0, written.length() - written.replaceAll("^[\\s(+-]+", "").length());
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
