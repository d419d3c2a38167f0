package io.codemode4j.sql.internal;

import io.codemode4j.sql.RefusalReason;
import io.codemode4j.sql.SqlRefusedException;
import io.codemode4j.sql.dialect.Growth;
import java.math.BigDecimal;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlCharStringLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNumericLiteral;

/**
 * Bounds the width of the strings a call may build, so that one call cannot allocate gigabytes per
 * row.
 *
 * <p>Decided: a function that {@link Growth#PADS} ({@code lpad(s, width, fill)}, {@code rpad})
 * takes a whole-number literal width of at most {@link FunctionAllowlist#MAX_PAD_WIDTH}; a computed
 * width is refused, since only a literal is known before running. One that formats ({@link
 * Growth#FORMATS_PRINTF} {@code printf}, {@link Growth#FORMATS_FIELDS} {@code format}) takes a
 * literal format whose field widths and precisions are at most that, and none taken from an
 * argument ({@code %*d}, {@code {:{}}}).
 */
final class WidthBounds {

  /** A printf conversion: {@code %}, flags, width, precision (either may be {@code *}). */
  static final Pattern PRINTF_SPEC = Pattern.compile("%[-+ #0']*(\\*|\\d+)?(?:\\.(\\*|\\d*))?");

  /** A format replacement field {@code {...}}; {@code {{} is an escaped brace. */
  static final Pattern FORMAT_FIELD = Pattern.compile("\\{\\{|\\{([^{}]*)(\\{)?");

  private static final Pattern NUMBER = Pattern.compile("\\d+");

  private WidthBounds() {}

  /**
   * Checks the call of {@code name} (lowercase), when its {@code growth} is one that takes a width
   * or a format.
   */
  static void check(String name, Growth growth, SqlCall call) throws SqlRefusedException {
    switch (growth) {
      case PADS -> padWidth(name, call);
      case FORMATS_PRINTF -> format(name, call, PRINTF_SPEC, name + "('%10d', x)");
      case FORMATS_FIELDS -> format(name, call, FORMAT_FIELD, name + "('{:>10}', x)");
      default -> {}
    }
  }

  private static void padWidth(String name, SqlCall call) throws SqlRefusedException {
    List<SqlNode> operands = call.getOperandList();
    SqlNode width = operands.size() > 1 ? operands.get(1) : call;
    if (!(width instanceof SqlNumericLiteral number
        && number.isInteger()
        && NumericLiterals.value(number).signum() >= 0
        && NumericLiterals.value(number)
                .compareTo(BigDecimal.valueOf(FunctionAllowlist.MAX_PAD_WIDTH))
            <= 0)) {
      throw refuse(
          name,
          width,
          name
              + " takes a whole-number width written in the query, at most "
              + FunctionAllowlist.MAX_PAD_WIDTH
              + ": write e.g. "
              + name
              + "(x, 10, '0')");
    }
  }

  private static void format(String name, SqlCall call, Pattern spec, String example)
      throws SqlRefusedException {
    String hint =
        name
            + " takes a format written in the query with field widths of at most "
            + FunctionAllowlist.MAX_PAD_WIDTH
            + ", none taken from an argument: write e.g. "
            + example;
    if (call.operandCount() == 0 || !(call.operand(0) instanceof SqlCharStringLiteral literal)) {
      throw refuse(name, call, hint);
    }
    Matcher field = spec.matcher(literal.getNlsString().getValue());
    while (field.find()) {
      String text = field.group();
      if (text.equals("{{")) {
        continue;
      }
      if (text.contains("*") || (spec == FORMAT_FIELD && field.group(2) != null)) {
        throw refuse(name, literal, hint);
      }
      Matcher number = NUMBER.matcher(text);
      while (number.find()) {
        if (number.group().length() > 5
            || Integer.parseInt(number.group()) > FunctionAllowlist.MAX_PAD_WIDTH) {
          throw refuse(name, literal, hint);
        }
      }
    }
  }

  private static SqlRefusedException refuse(String name, SqlNode at, String message) {
    return SqlRefusedException.at(
        RefusalReason.FUNCTION_NOT_ALLOWED, name, at.getParserPosition(), message);
  }
}
