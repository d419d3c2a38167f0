package io.codemode4j.bench;

import java.lang.management.ManagementFactory;
import java.util.Locale;

/**
 * The system's one-minute load average and its core count, as {@code bench} reads them at its start
 * and end: a benchmark run on a machine busier than its cores measures the other work too, so its
 * rows say so rather than read as the code's regression.
 *
 * @param oneMinute the load average, negative where the platform has none (Windows)
 * @param cores available processors, at least 1
 */
record LoadAverage(double oneMinute, int cores) {

  LoadAverage {
    if (cores < 1) {
      throw new IllegalArgumentException("cores must be at least 1, was " + cores);
    }
  }

  /** This machine now. */
  static LoadAverage now() {
    return new LoadAverage(
        ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage(),
        Runtime.getRuntime().availableProcessors());
  }

  /** The platform reports a load average. */
  boolean known() {
    return oneMinute >= 0;
  }

  /**
   * More runnable work than cores: a measurement shares the CPU. Decided: the core count is the
   * line, as {@code uptime} readers use it; below it a benchmark thread need not wait for a core.
   */
  boolean loaded() {
    return known() && oneMinute > cores;
  }

  @Override
  public String toString() {
    return known()
        ? String.format(
            Locale.ROOT, "%.2f on %d cores%s", oneMinute, cores, loaded() ? " (loaded)" : "")
        : "unknown (the platform reports none)";
  }
}
