package io.codemode4j.bench;

import java.time.Duration;

/**
 * How many samples each scenario takes: {@link #QUICK} exercises everything in seconds, {@link #FULL} is
 * what BENCHMARKS.md reports.
 */
record Effort(
    int warmUpPasses,
    int passSamples,
    int hostCallSamples,
    int overlapRounds,
    int allowlistWarmUpRounds,
    int allowlistRounds,
    int executionRounds,
    int queryWarmUp,
    int querySamples,
    int largeQuerySamples,
    Duration throughputWindow,
    int throughputWindows,
    int rssRounds,
    int coldStartRuns) {

  static final Effort QUICK = new Effort(300, 200, 20, 1, 5, 3, 2, 20, 50, 5, Duration.ofMillis(250), 2, 1, 1);
  static final Effort FULL = new Effort(5_000, 3_000, 300, 5, 200, 30, 10, 500, 1_000, 30, Duration.ofMillis(250),
      20, 5, 10);
}
