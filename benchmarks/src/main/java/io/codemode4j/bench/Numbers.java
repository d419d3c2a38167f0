package io.codemode4j.bench;

import java.math.BigDecimal;
import java.math.MathContext;

/** How the bench rounds what it reports: four significant digits, which is more than its noise. */
final class Numbers {

  private static final MathContext SIGNIFICANT = new MathContext(4);

  private Numbers() {}

  static double round(double value) {
    if (value == 0 || !Double.isFinite(value)) {
      return value;
    }
    return new BigDecimal(value).round(SIGNIFICANT).doubleValue();
  }

  /**
   * The rounded value without exponent or trailing zeros: {@code 0.4123}, {@code 1500}, {@code
   * 12.5}.
   */
  static String format(double value) {
    return new BigDecimal(value).round(SIGNIFICANT).stripTrailingZeros().toPlainString();
  }
}
