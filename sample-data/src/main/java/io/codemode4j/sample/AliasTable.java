package io.codemode4j.sample;

import java.util.SplittableRandom;

/**
 * Draws an index with probability proportional to its weight in constant time (Vose's alias
 * method). Building and drawing use only IEEE double arithmetic and {@link SplittableRandom}, so a
 * table draws the same sequence on every JVM.
 */
final class AliasTable {

  private final double[] probability;
  private final int[] alias;

  /**
   * @param weights non-negative finite weights, at least one positive; zero-weight indices are
   *     never drawn
   */
  AliasTable(double[] weights) {
    int n = weights.length;
    double sum = 0;
    for (double weight : weights) {
      if (!(weight >= 0) || Double.isInfinite(weight)) {
        throw new IllegalArgumentException(
            "weights must be finite and non-negative, got " + weight);
      }
      sum += weight;
    }
    if (!(sum > 0)) {
      throw new IllegalArgumentException("weights must contain a positive weight");
    }
    probability = new double[n];
    alias = new int[n];
    double[] scaled = new double[n];
    int[] small = new int[n];
    int[] large = new int[n];
    int smallCount = 0;
    int largeCount = 0;
    for (int i = 0; i < n; i++) {
      scaled[i] = weights[i] * n / sum;
      if (scaled[i] < 1) {
        small[smallCount++] = i;
      } else {
        large[largeCount++] = i;
      }
    }
    while (smallCount > 0 && largeCount > 0) {
      int less = small[--smallCount];
      int more = large[--largeCount];
      probability[less] = scaled[less];
      alias[less] = more;
      scaled[more] = scaled[more] + scaled[less] - 1;
      if (scaled[more] < 1) {
        small[smallCount++] = more;
      } else {
        large[largeCount++] = more;
      }
    }
    // Whatever is left is 1 up to rounding error: it keeps its own slot.
    while (largeCount > 0) {
      int index = large[--largeCount];
      probability[index] = 1;
      alias[index] = index;
    }
    while (smallCount > 0) {
      int index = small[--smallCount];
      probability[index] = 1;
      alias[index] = index;
    }
  }

  int sample(SplittableRandom random) {
    int slot = random.nextInt(probability.length);
    return random.nextDouble() < probability[slot] ? slot : alias[slot];
  }
}
