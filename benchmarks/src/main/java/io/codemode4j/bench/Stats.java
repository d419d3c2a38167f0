package io.codemode4j.bench;

import java.util.Arrays;

/**
 * The distribution of one metric's samples: median, 90th and 99th percentile by nearest rank (the
 * smallest sample with at least that share of samples at or below it).
 *
 * @param median the 50th percentile
 * @param p90 the 90th percentile
 * @param p99 the 99th percentile
 * @param samples how many samples the percentiles come from
 */
public record Stats(double median, double p90, double p99, int samples) {

  public Stats {
    if (samples < 1) {
      throw new IllegalArgumentException("stats need at least one sample, had " + samples);
    }
    if (!Double.isFinite(median) || !Double.isFinite(p90) || !Double.isFinite(p99)) {
      throw new IllegalArgumentException(
          "percentiles must be finite, were " + median + ", " + p90 + ", " + p99);
    }
    if (median > p90 || p90 > p99) {
      throw new IllegalArgumentException(
          "percentiles must not decrease: " + median + ", " + p90 + ", " + p99);
    }
  }

  /** The percentiles of {@code values}; at least one value, all finite. */
  public static Stats of(double... values) {
    if (values.length == 0) {
      throw new IllegalArgumentException("stats need at least one sample");
    }
    double[] sorted = values.clone();
    Arrays.sort(sorted);
    for (double value : sorted) {
      if (!Double.isFinite(value)) {
        throw new IllegalArgumentException("samples must be finite, one was " + value);
      }
    }
    return new Stats(rank(sorted, 0.50), rank(sorted, 0.90), rank(sorted, 0.99), sorted.length);
  }

  /**
   * These percentiles over {@code baselineMedian}, e.g. ours against a peer's or the in-process
   * pass's median: the median is then exactly the ratio of the medians, and the percentiles keep
   * their order.
   */
  public Stats over(double baselineMedian) {
    if (!(baselineMedian > 0) || !Double.isFinite(baselineMedian)) {
      throw new IllegalArgumentException(
          "a baseline median must be a positive finite number, was " + baselineMedian);
    }
    return new Stats(median / baselineMedian, p90 / baselineMedian, p99 / baselineMedian, samples);
  }

  private static double rank(double[] sorted, double quantile) {
    int index = (int) Math.ceil(quantile * sorted.length) - 1;
    return sorted[Math.max(0, index)];
  }
}
