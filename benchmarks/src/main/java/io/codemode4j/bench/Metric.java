package io.codemode4j.bench;

import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * One row of the bench: a measured distribution, or the reason it was not measured.
 *
 * <p>{@code baseline} is the median of the baseline scenario measured in the same run, in the
 * metric's unit; {@code ratio()} is the median divided by it. A metric that is itself a ratio
 * against an in-run baseline ({@code query_ratio_*}, {@code allowlist_fraction}) has no separate
 * baseline.
 *
 * @param name the metric's name, e.g. {@code warm_pass_ms}
 * @param unit what its numbers count, e.g. {@code ms}
 * @param stats the measured distribution; empty when not measured
 * @param baseline the baseline's median; only with stats
 * @param target what the median must reach, if the issue sets a target
 * @param reason why the metric was not measured; present exactly when {@code stats} is empty
 */
public record Metric(
    String name,
    String unit,
    Optional<Stats> stats,
    OptionalDouble baseline,
    Optional<Target> target,
    Optional<String> reason) {

  public Metric {
    requireText("name", name);
    requireText("unit", unit);
    Objects.requireNonNull(stats, "stats");
    Objects.requireNonNull(baseline, "baseline");
    Objects.requireNonNull(target, "target");
    Objects.requireNonNull(reason, "reason");
    if (stats.isPresent() == reason.isPresent()) {
      throw new IllegalArgumentException(
          name + ": a metric has either stats or the reason it was not measured");
    }
    reason.ifPresent(text -> requireText("reason", text));
    if (baseline.isPresent()
        && (stats.isEmpty()
            || !(baseline.getAsDouble() > 0)
            || !Double.isFinite(baseline.getAsDouble()))) {
      throw new IllegalArgumentException(
          name
              + ": a baseline must be a positive finite number next to stats, was "
              + baseline.getAsDouble());
    }
  }

  public static Metric measured(
      String name, String unit, Stats stats, OptionalDouble baseline, Optional<Target> target) {
    return new Metric(name, unit, Optional.of(stats), baseline, target, Optional.empty());
  }

  public static Metric notMeasured(
      String name, String unit, Optional<Target> target, String reason) {
    return new Metric(
        name, unit, Optional.empty(), OptionalDouble.empty(), target, Optional.of(reason));
  }

  /** The median over the baseline's median, when both exist. */
  public OptionalDouble ratio() {
    if (stats.isEmpty() || baseline.isEmpty()) {
      return OptionalDouble.empty();
    }
    return OptionalDouble.of(stats.get().median() / baseline.getAsDouble());
  }

  /** Whether the median meets the target; empty without a target or without a measurement. */
  public Optional<Boolean> met() {
    if (stats.isEmpty() || target.isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(target.get().metBy(stats.get().median()));
  }

  private static void requireText(String field, String value) {
    Objects.requireNonNull(value, field);
    if (value.isBlank()) {
      throw new IllegalArgumentException(field + " must not be blank");
    }
  }
}
