package io.codemode4j.bridge;

import java.time.Duration;
import java.util.Locale;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The one way durations are written and read across codemode4j: {@code 500ms}, {@code 5s}, {@code
 * 2m}, {@code 1h}.
 */
public final class Durations {

  private static final Pattern TEXT = Pattern.compile("([0-9]{1,9})\\s*(ms|s|m|h)");

  private Durations() {}

  /**
   * Reads {@code 500ms}, {@code 5s}, {@code 2m} or {@code 1h}.
   *
   * @throws IllegalArgumentException naming the accepted forms when the text is anything else
   */
  public static Duration parse(String text) {
    Matcher m = TEXT.matcher(text.strip().toLowerCase(Locale.ROOT));
    if (!m.matches()) {
      throw new IllegalArgumentException(
          "'"
              + text
              + "' is not a duration (write a whole number and a unit: 500ms, 5s, 2m or 1h)");
    }
    long amount = Long.parseLong(m.group(1));
    return switch (m.group(2)) {
      case "ms" -> Duration.ofMillis(amount);
      case "s" -> Duration.ofSeconds(amount);
      case "m" -> Duration.ofMinutes(amount);
      default -> Duration.ofHours(amount);
    };
  }

  /** Writes the largest whole unit that is exact: 500ms, 5s, 2m, 1h. */
  public static String format(Duration duration) {
    long ms = duration.toMillis();
    if (ms % 3_600_000 == 0 && ms > 0) {
      return ms / 3_600_000 + "h";
    }
    if (ms % 60_000 == 0 && ms > 0) {
      return ms / 60_000 + "m";
    }
    if (ms % 1_000 == 0 && ms > 0) {
      return ms / 1_000 + "s";
    }
    return ms + "ms";
  }

  /**
   * {@code value}, when it is above zero and at most {@code max}; the setting is {@code name}.
   *
   * @throws IllegalArgumentException naming the setting, its bound and the value otherwise
   */
  static Duration positiveAtMost(String name, Duration value, Duration max) {
    Objects.requireNonNull(value, name);
    if (value.isNegative() || value.isZero() || value.compareTo(max) > 0) {
      throw new IllegalArgumentException(
          name + " must be above zero and at most " + format(max) + ", was " + format(value));
    }
    return value;
  }
}
