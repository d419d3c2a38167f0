package io.codemode4j.bench;

import java.util.Objects;

/**
 * What a metric's median must reach on the reference machines (2 cores): at most or at least a
 * value.
 *
 * @param direction whether the median must stay at or below the value, or reach at least it
 * @param value the bound, in the metric's unit
 */
public record Target(Direction direction, double value) {

  /** How the median compares with the bound. */
  public enum Direction {
    AT_MOST("<="),
    AT_LEAST(">=");

    private final String symbol;

    Direction(String symbol) {
      this.symbol = symbol;
    }
  }

  public Target {
    Objects.requireNonNull(direction, "direction");
    if (!Double.isFinite(value)) {
      throw new IllegalArgumentException("a target must be a finite number, was " + value);
    }
  }

  public static Target atMost(double value) {
    return new Target(Direction.AT_MOST, value);
  }

  public static Target atLeast(double value) {
    return new Target(Direction.AT_LEAST, value);
  }

  /** Whether {@code median} meets this target. */
  public boolean metBy(double median) {
    return direction == Direction.AT_MOST ? median <= value : median >= value;
  }

  /** The target as written in reports, e.g. {@code <= 0.4} or {@code >= 1500}. */
  @Override
  public String toString() {
    return direction.symbol + " " + Numbers.format(value);
  }
}
