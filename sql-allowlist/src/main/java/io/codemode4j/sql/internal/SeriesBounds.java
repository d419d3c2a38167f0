package io.codemode4j.sql.internal;

import io.codemode4j.sql.RefusalReason;
import io.codemode4j.sql.SqlRefusedException;
import io.codemode4j.sql.dialect.SeriesStop;
import java.math.BigInteger;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import org.apache.calcite.avatica.util.TimeUnit;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlCharStringLiteral;
import org.apache.calcite.sql.SqlDataTypeSpec;
import org.apache.calcite.sql.SqlIntervalLiteral;
import org.apache.calcite.sql.SqlIntervalQualifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNumericLiteral;
import org.apache.calcite.sql.SqlUnknownLiteral;
import org.apache.calcite.sql.SqlUnresolvedFunction;

/**
 * How many rows a {@code generate_series} or {@code range} in FROM produces, so that a query cannot
 * make DuckDB build a series that exhausts the host.
 *
 * <p>Decided: a table function is accepted only where the dialect's catalog lists it as a series
 * ({@link io.codemode4j.sql.dialect.FunctionCatalog#series}), which says whether its stop is
 * included; and only with constant arguments, since only then is the count known before running;
 * integers ({@code 1}, {@code -5}), {@code DATE '...'} and {@code TIMESTAMP '...'} (also as {@code
 * '...'::DATE}) bounds, and an integer or single-unit interval step ({@code INTERVAL 1 DAY}, {@code
 * INTERVAL '7' DAY}, {@code '1 month'::INTERVAL}). The count follows DuckDB: {@code
 * generate_series} includes its stop ({@link SeriesStop#INCLUDED}), {@code range} excludes it, the
 * step defaults to 1 for integers; a step of 0 is refused. One series may have at most {@link
 * #MAX_ROWS} rows, and so may all the series written in a query multiplied together (joined, their
 * rows multiply): a date spine of a few years by day, or of decades by month, fits. What this does
 * not bound: a series read twice through one CTE is counted once, and a series joined with a table
 * multiplies rows as any join of tables does; the row cap and the database's own limits bound
 * those.
 */
final class SeriesBounds {

  /** The most rows of one series, and of all the series of a query multiplied together. */
  static final long MAX_ROWS = 100_000;

  private static final String EXAMPLE =
      "generate_series(DATE '2024-01-01', DATE '2024-12-31', INTERVAL 1 DAY)";

  private static final DateTimeFormatter TIMESTAMP =
      DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss[.SSSSSS][.SSS]");

  private final FunctionAllowlist functions;
  private long product = 1;

  /** Bounds the series of one query, each a table function {@code functions} allows. */
  SeriesBounds(FunctionAllowlist functions) {
    this.functions = functions;
  }

  /** A constant argument: an integer, a point in time or an interval. */
  private sealed interface Value {}

  private record Whole(BigInteger value) implements Value {}

  private record Instant(LocalDateTime value) implements Value {}

  /** A step of {@code months} months plus {@code micros} microseconds (a day is 24 hours). */
  private record Step(long months, long micros) implements Value {}

  /**
   * Checks one series call (the function of a {@link DuckDbForms#TABLE_FUNCTION}) and adds its rows
   * to the query's product.
   *
   * @return the number of rows it produces
   */
  long check(SqlCall function) throws SqlRefusedException {
    String name =
        Names.fold(
            Objects.requireNonNull(
                    ((SqlUnresolvedFunction) function.getOperator()).getSqlIdentifier(),
                    "a function the parser read by name has its identifier")
                .getSimple());
    SeriesStop stop = functions.series(name);
    if (stop == null) {
      throw SqlRefusedException.at(
          RefusalReason.UNSUPPORTED_SYNTAX,
          name,
          function.getParserPosition(),
          functions.seriesRefusal(name));
    }
    List<SqlNode> operands = function.getOperandList();
    if (operands.isEmpty() || operands.size() > 3) {
      throw refuse(
          function, name + " takes 1 to 3 arguments (start, stop, step): write e.g. " + EXAMPLE);
    }
    List<Value> values = new ArrayList<>();
    for (SqlNode operand : operands) {
      values.add(value(name, operand));
    }
    long rows = count(name, stop == SeriesStop.INCLUDED, function, values);
    if (rows > MAX_ROWS) {
      throw refuse(
          function,
          name
              + " would produce "
              + rows
              + " rows; the limit is "
              + MAX_ROWS
              + ": shrink the range or take a larger step, "
              + "e.g. "
              + EXAMPLE);
    }
    product = Math.multiplyExact(product, Math.max(rows, 1));
    if (product > MAX_ROWS) {
      throw refuse(
          function,
          "the series of this query produce "
              + product
              + " rows together (their "
              + "product, as they may be joined); the limit is "
              + MAX_ROWS
              + ": shrink a range or take a larger step");
    }
    return rows;
  }

  private static long count(String name, boolean inclusive, SqlCall function, List<Value> values)
      throws SqlRefusedException {
    if (values.stream().allMatch(v -> v instanceof Whole)) {
      List<BigInteger> n = values.stream().map(v -> ((Whole) v).value()).toList();
      BigInteger start = n.size() == 1 ? BigInteger.ZERO : n.get(0);
      BigInteger stop = n.size() == 1 ? n.get(0) : n.get(1);
      BigInteger step = n.size() == 3 ? n.get(2) : BigInteger.ONE;
      return wholeCount(function, start, stop, step, inclusive);
    }
    if (values.size() == 3
        && values.get(0) instanceof Instant start
        && values.get(1) instanceof Instant stop
        && values.get(2) instanceof Step step) {
      return instantCount(function, start.value(), stop.value(), step, inclusive);
    }
    throw refuse(
        function,
        name
            + " takes integer bounds and step, or two DATE/TIMESTAMP bounds and an "
            + "INTERVAL step: write e.g. "
            + EXAMPLE);
  }

  private static long wholeCount(
      SqlCall function, BigInteger start, BigInteger stop, BigInteger step, boolean inclusive)
      throws SqlRefusedException {
    if (step.signum() == 0) {
      throw refuse(function, "the step of a series must not be 0: write e.g. " + EXAMPLE);
    }
    BigInteger span = stop.subtract(start);
    if (step.signum() < 0) {
      span = span.negate();
      step = step.negate();
    }
    if (!inclusive) {
      span = span.subtract(BigInteger.ONE);
    }
    if (span.signum() < 0) {
      return 0;
    }
    BigInteger rows = span.divide(step).add(BigInteger.ONE);
    return rows.min(BigInteger.valueOf(Long.MAX_VALUE)).longValueExact();
  }

  private static long instantCount(
      SqlCall function, LocalDateTime start, LocalDateTime stop, Step step, boolean inclusive)
      throws SqlRefusedException {
    if (step.months() == 0 && step.micros() == 0) {
      throw refuse(function, "the step of a series must not be 0: write e.g. " + EXAMPLE);
    }
    if (step.months() == 0) {
      BigInteger span = BigInteger.valueOf(ChronoUnit.MICROS.between(start, stop));
      return wholeCount(
          function, BigInteger.ZERO, span, BigInteger.valueOf(step.micros()), inclusive);
    }
    // Months have no fixed length: step through, at most one row past the limit.
    boolean up = step.months() > 0;
    long rows = 0;
    LocalDateTime t = start;
    while (rows <= MAX_ROWS && (up ? before(t, stop, inclusive) : before(stop, t, inclusive))) {
      rows++;
      t = t.plusMonths(step.months()).plus(step.micros(), ChronoUnit.MICROS);
    }
    return rows;
  }

  private static boolean before(LocalDateTime a, LocalDateTime b, boolean inclusive) {
    return inclusive ? !a.isAfter(b) : a.isBefore(b);
  }

  private static Value value(String name, SqlNode operand) throws SqlRefusedException {
    if (operand instanceof SqlNumericLiteral number && number.isInteger()) {
      return new Whole(NumericLiterals.value(number).toBigIntegerExact());
    }
    if (operand.getKind() == SqlKind.MINUS_PREFIX
        && ((SqlCall) operand).operand(0) instanceof SqlNumericLiteral number
        && number.isInteger()) {
      return new Whole(NumericLiterals.value(number).toBigIntegerExact().negate());
    }
    if (operand instanceof SqlUnknownLiteral typed
        && (typed.tag.equals("DATE") || typed.tag.equals("TIMESTAMP"))) {
      return instant(name, operand, typed.tag, typed.getValue());
    }
    if (operand instanceof SqlLiteral literal
        && (literal.getTypeName().getName().equals("DATE")
            || literal.getTypeName().getName().equals("TIMESTAMP"))) {
      return instant(
          name,
          operand,
          literal.getTypeName().getName(),
          Objects.requireNonNull(literal.toValue(), "a DATE or TIMESTAMP literal has a value"));
    }
    if (operand.getKind() == SqlKind.CAST
        && ((SqlCall) operand).operand(0) instanceof SqlCharStringLiteral text
        && ((SqlCall) operand).operand(1) instanceof SqlDataTypeSpec type
        && type.getTypeName().isSimple()) {
      String typeName = type.getTypeName().getSimple().toUpperCase(Locale.ROOT);
      if (typeName.equals("DATE") || typeName.equals("TIMESTAMP")) {
        return instant(name, operand, typeName, text.getNlsString().getValue());
      }
    }
    if (DuckDbForms.isCallOf(operand, DuckDbForms.INTERVAL_TEXT)) {
      // '1 day'::INTERVAL: the step is the Calcite literal it holds (one literal for one unit).
      return value(name, ((SqlCall) operand).operand(1));
    }
    if (operand instanceof SqlIntervalLiteral interval
        && interval.getValue() instanceof SqlIntervalLiteral.IntervalValue value) {
      return step(
          name, operand, value.getIntervalQualifier(), value.getIntervalLiteral(), value.getSign());
    }
    if (operand.getKind() == SqlKind.INTERVAL
        && ((SqlCall) operand).operand(0) instanceof SqlNumericLiteral n
        && ((SqlCall) operand).operand(1) instanceof SqlIntervalQualifier qualifier) {
      return step(name, operand, qualifier, n.toValue(), 1);
    }
    throw refuse(
        operand,
        name
            + " takes constant arguments only (numbers, DATE '...', TIMESTAMP '...', "
            + "INTERVAL n unit), so that its row count is known: write e.g. "
            + EXAMPLE);
  }

  private static Instant instant(String name, SqlNode at, String type, String text)
      throws SqlRefusedException {
    try {
      String value = text.strip();
      return new Instant(
          type.equals("DATE") || value.length() == 10
              ? LocalDate.parse(value).atStartOfDay()
              : LocalDateTime.parse(value, TIMESTAMP));
    } catch (DateTimeParseException e) {
      throw refuse(
          at,
          name
              + " takes "
              + type
              + " bounds as 'YYYY-MM-DD'"
              + (type.equals("DATE") ? "" : " or 'YYYY-MM-DD HH:MM:SS'")
              + ": write e.g. "
              + EXAMPLE);
    }
  }

  private static Step step(
      String name, SqlNode at, SqlIntervalQualifier qualifier, String text, int sign)
      throws SqlRefusedException {
    long n;
    try {
      n = Math.multiplyExact(Long.parseLong(text.strip()), sign);
    } catch (NumberFormatException | ArithmeticException e) {
      throw refuse(at, name + " takes a whole-number INTERVAL step: write e.g. " + EXAMPLE);
    }
    if (qualifier.getEndUnit() != null && qualifier.getEndUnit() != qualifier.getStartUnit()) {
      throw refuse(
          at, name + " takes a single-unit INTERVAL step (INTERVAL 1 DAY): write e.g. " + EXAMPLE);
    }
    TimeUnit unit = qualifier.getStartUnit();
    try {
      return switch (unit) {
        case YEAR -> new Step(Math.multiplyExact(n, 12), 0);
        case QUARTER -> new Step(Math.multiplyExact(n, 3), 0);
        case MONTH -> new Step(n, 0);
        case WEEK -> new Step(0, Math.multiplyExact(n, 7 * 86_400_000_000L));
        case DAY -> new Step(0, Math.multiplyExact(n, 86_400_000_000L));
        case HOUR -> new Step(0, Math.multiplyExact(n, 3_600_000_000L));
        case MINUTE -> new Step(0, Math.multiplyExact(n, 60_000_000L));
        case SECOND -> new Step(0, Math.multiplyExact(n, 1_000_000L));
        case MILLISECOND -> new Step(0, Math.multiplyExact(n, 1_000L));
        case MICROSECOND -> new Step(0, n);
        default ->
            throw refuse(
                at,
                name
                    + " takes an INTERVAL step in years, quarters, months, weeks, "
                    + "days, hours, minutes, seconds, milliseconds or microseconds: write e.g. "
                    + EXAMPLE);
      };
    } catch (ArithmeticException e) {
      throw refuse(at, name + " takes a smaller INTERVAL step: write e.g. " + EXAMPLE);
    }
  }

  private static SqlRefusedException refuse(SqlNode at, String message) {
    String element =
        at instanceof SqlCall call && call.getOperator() instanceof SqlUnresolvedFunction f
            ? f.getName()
            : at.toString();
    return SqlRefusedException.at(
        RefusalReason.TABLE_FUNCTION, element, at.getParserPosition(), message);
  }
}
