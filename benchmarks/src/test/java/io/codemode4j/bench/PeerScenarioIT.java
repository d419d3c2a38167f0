package io.codemode4j.bench;

import static org.assertj.core.api.Assertions.assertThat;

import io.codemode4j.bridge.Isolation;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The peers of issue 28 for real: the Node on the PATH installs quickjs-emscripten from the npm
 * registry into a fresh cache directory and runs the script with a few passes; and with a node that
 * does not exist every peer row says why.
 */
class PeerScenarioIT {

  /** {@link Effort#QUICK} with a handful of passes. */
  private static final Effort TINY = tiny(Effort.QUICK);

  @Test
  void run_nodeOnThePath_measuresEveryPeerRowAndOursAgainstQuickJs(@TempDir Path cache)
      throws Exception {
    PeerScenario.NodeLookup node = PeerScenario.locateNode();
    assertThat(node)
        .as("these tests need node on the PATH (Node >= 18)")
        .isInstanceOf(PeerScenario.NodeLookup.Found.class);
    List<String> progress = new ArrayList<>();
    Bench.Results results = ourPasses(progress);

    results.section(PeerScenario.METRICS, () -> new PeerScenario(TINY, cache, results, node).run());

    for (String name : PeerScenario.METRICS) {
      Metric metric = results.get(name);
      assertThat(metric.reason()).as("%s; progress: %s", name, progress).isEmpty();
      assertThat(metric.stats().orElseThrow().median()).as(name).isPositive();
    }
    assertThat(results.get("quickjs_warm_pass_ms").stats().orElseThrow().samples())
        .isEqualTo(TINY.passSamples());
    assertThat(results.get("warm_pass_vs_quickjs").stats().orElseThrow().median())
        .isCloseTo(
            results.get("warm_pass_ms").stats().orElseThrow().median()
                / results.get("quickjs_warm_pass_ms").stats().orElseThrow().median(),
            org.assertj.core.data.Percentage.withPercentage(0.001));
    assertThat(results.get("warm_pass_vs_quickjs").target().orElseThrow()).hasToString("<= 0.8");
    assertThat(results.get("cpu_per_pass_vs_quickjs").target().orElseThrow()).hasToString("<= 1");
    assertThat(progress).anyMatch(line -> line.startsWith("  node v"));
  }

  @Test
  void run_nodeThatDoesNotExist_everyPeerRowSaysWhyAndOursIsMeasured(@TempDir Path cache)
      throws Exception {
    PeerScenario.NodeLookup node =
        PeerScenario.locateNode(cache.resolve("no-node").toString(), System.getenv("PATH"));
    List<String> progress = new ArrayList<>();
    Bench.Results results = ourPasses(progress);

    results.section(PeerScenario.METRICS, () -> new PeerScenario(TINY, cache, results, node).run());

    for (String name : PeerScenario.PEER_METRICS) {
      assertThat(results.get(name).reason())
          .as(name)
          .hasValueSatisfying(
              reason ->
                  assertThat(reason)
                      .contains("no-node, which is not an executable file")
                      .contains("point it at a node >= 18"));
    }
    assertThat(results.get("cpu_per_pass_ms").stats()).isPresent();
  }

  @Test
  void run_nodeThatFails_everyPeerRowSaysWhyAndTheScenarioCompletes(@TempDir Path cache)
      throws Exception {
    // A node that fails as a broken install would: npm (a node script) runs on it too, so either
    // the install or the run fails, and either way with its exit code and its stderr.
    Path bin = Files.createDirectories(cache.resolve("bin"));
    Path node = Files.writeString(bin.resolve("node"), "#!/bin/sh\necho boom >&2\nexit 3\n");
    assertThat(node.toFile().setExecutable(true)).isTrue();
    List<String> progress = new ArrayList<>();
    Bench.Results results = ourPasses(progress);

    results.section(
        PeerScenario.METRICS,
        () ->
            new PeerScenario(TINY, cache, results, new PeerScenario.NodeLookup.Found(node)).run());

    for (String name : PeerScenario.PEER_METRICS) {
      assertThat(results.get(name).reason())
          .as(name)
          .hasValueSatisfying(
              reason ->
                  assertThat(reason)
                      .startsWith("the peers were not measured: ")
                      .contains("failed with exit 3")
                      .contains("boom"));
    }
    assertThat(results.get("cpu_per_pass_ms").stats()).isPresent();
  }

  /** Results holding our warm and three-call passes, measured for real with a few passes. */
  private static Bench.Results ourPasses(List<String> progress) throws Exception {
    Bench.Results results = new Bench.Results(progress::add);
    try (BenchToolkit toolkit = new BenchToolkit(4, Isolation.inProcess())) {
      toolkit.warmUp(BenchToolkit.THREE_CALLS, TINY.warmUpPasses());
      results.measured(
          "warm_pass_ms", passes(toolkit, BenchToolkit.TRIVIAL), OptionalDouble.empty());
      results.measured(
          "three_call_pass_ms", passes(toolkit, BenchToolkit.THREE_CALLS), OptionalDouble.empty());
    }
    return results;
  }

  private static Stats passes(BenchToolkit toolkit, String program) throws Exception {
    double[] ms = new double[TINY.passSamples()];
    for (int i = 0; i < ms.length; i++) {
      ms[i] = Measure.millis(() -> toolkit.run(program));
    }
    return Stats.of(ms);
  }

  private static Effort tiny(Effort q) {
    return new Effort(
        Duration.ofSeconds(10),
        20,
        20,
        q.hostCallSamples(),
        q.overlapRounds(),
        q.allowlistWarmUpRounds(),
        q.allowlistRounds(),
        q.executionRounds(),
        q.queryWarmUp(),
        q.querySamples(),
        q.engineQueryBudget(),
        q.largeQuerySamples(),
        q.throughputWindow(),
        q.throughputWindows(),
        q.rssRounds(),
        q.coldStartRuns(),
        q.mcpWarmUpCalls(),
        q.mcpSamples(),
        q.mcpWarmUp(),
        q.mcpWindow());
  }
}
