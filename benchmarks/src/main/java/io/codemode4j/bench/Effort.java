package io.codemode4j.bench;

import java.time.Duration;

/**
 * How many samples each scenario takes, at most: a sampling loop also stops once it has spent
 * {@code stepBudget} (after at least one sample). {@link #QUICK} exercises everything in seconds
 * whatever the machine's load, {@link #FULL} is what BENCHMARKS.md reports and never runs out of
 * budget. GraalJS is interpreter-only here, so its interpreter is Java code that C2 compiles over
 * tens of thousands of passes: the full warm-up is long on purpose. So is the allowlist's:
 * Calcite's parsers reach their steady state after about 1,000 rounds of the corpus (median 181-197
 * us per query after 200 rounds, 119 us after 500, 90-103 us after 1,000, 89 us after 2,000). The
 * MCP windows are longer than the throughput ones (1 s instead of 250 ms), so that each holds
 * enough calls for its own p99. A query on another engine costs a network round trip, and on Trino
 * the scheduling of its worker too (about 80 ms per query on a local PostgreSQL, 800 ms on a local
 * Trino of two processes, both at load 4-8): the full count of pairs would take Trino 40 minutes,
 * so each of an engine's two loops (warm-up, then pairs) also stops once it has spent {@code
 * engineQueryBudget}, which leaves PostgreSQL's counts whole.
 */
record Effort(
    Duration stepBudget,
    int warmUpPasses,
    int passSamples,
    int hostCallSamples,
    int overlapRounds,
    int allowlistWarmUpRounds,
    int allowlistRounds,
    int executionRounds,
    int queryWarmUp,
    int querySamples,
    Duration engineQueryBudget,
    int largeQuerySamples,
    Duration throughputWindow,
    int throughputWindows,
    int rssRounds,
    int coldStartRuns,
    int mcpWarmUpCalls,
    int mcpSamples,
    Duration mcpWarmUp,
    Duration mcpWindow) {

  static final Effort QUICK =
      new Effort(
          Duration.ofMillis(1500),
          200,
          200,
          20,
          1,
          5,
          3,
          2,
          20,
          50,
          Duration.ofMillis(1500),
          5,
          Duration.ofMillis(250),
          2,
          1,
          1,
          100,
          200,
          Duration.ofMillis(500),
          Duration.ofMillis(250));
  static final Effort FULL =
      new Effort(
          Duration.ofHours(1),
          20_000,
          3_000,
          300,
          5,
          1_000,
          30,
          10,
          500,
          1_000,
          Duration.ofMinutes(4),
          30,
          Duration.ofMillis(250),
          20,
          5,
          10,
          5_000,
          3_000,
          Duration.ofSeconds(10),
          Duration.ofSeconds(1));
}
