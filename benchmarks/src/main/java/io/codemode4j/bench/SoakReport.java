package io.codemode4j.bench;

import io.codemode4j.bridge.Isolation;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * What a {@link Soak} found.
 *
 * @param isolation where the passes ran
 * @param passes passes run
 * @param concurrency caller threads
 * @param elapsed wall time of the passes (not of the resource checks)
 * @param passesByScenario how many passes each scenario ran, by scenario name
 * @param mismatches passes whose outcome or ledger differed from the scenario's expectation, each
 *     described (at most {@link Soak#MAX_MISMATCHES_KEPT}; {@code mismatchCount} counts them all)
 * @param mismatchCount every such pass
 * @param noFreeWorker passes on worker processes that found no free worker within their wait and
 *     ended {@code timeout} without running, as they should when more callers than workers hold
 *     workers for long
 * @param before resources in use before Code Mode was built
 * @param after resources in use after it was closed
 * @param leaks what was left behind, each described; empty when nothing was
 */
public record SoakReport(
    Isolation isolation,
    int passes,
    int concurrency,
    Duration elapsed,
    Map<String, Integer> passesByScenario,
    List<String> mismatches,
    int mismatchCount,
    int noFreeWorker,
    Soak.Resources before,
    Soak.Resources after,
    List<String> leaks) {

  public SoakReport {
    Objects.requireNonNull(isolation, "isolation");
    Objects.requireNonNull(elapsed, "elapsed");
    passesByScenario = Map.copyOf(passesByScenario);
    mismatches = List.copyOf(mismatches);
    Objects.requireNonNull(before, "before");
    Objects.requireNonNull(after, "after");
    leaks = List.copyOf(leaks);
  }

  /** Every pass ended as its scenario expects and nothing was left behind. */
  public boolean ok() {
    return mismatchCount == 0 && leaks.isEmpty();
  }

  /** A summary for a person: the verdict, the counts, and every mismatch and leak kept. */
  public List<String> lines() {
    List<String> lines = new ArrayList<>();
    String where =
        isolation instanceof Isolation.Process p
            ? "worker processes (" + p.workers() + " x " + p.maxHeapMegabytes() + " MiB)"
            : "in-process";
    lines.add(
        String.format(
            Locale.ROOT,
            "soak %s: %s, %,d passes at concurrency %d in %.1f s (%.0f passes/s)",
            where,
            ok() ? "passed" : "FAILED",
            passes,
            concurrency,
            elapsed.toMillis() / 1000.0,
            passes / Math.max(elapsed.toNanos() / 1e9, 1e-9)));
    lines.add(
        "  scenarios: "
            + passesByScenario.size()
            + ", passes each: "
            + passesByScenario.values().stream()
                .mapToInt(Integer::intValue)
                .summaryStatistics()
                .getMin()
            + ".."
            + passesByScenario.values().stream()
                .mapToInt(Integer::intValue)
                .summaryStatistics()
                .getMax());
    lines.add(
        String.format(
            Locale.ROOT,
            "  ledgers: %d of %,d passes differ from their scenario",
            mismatchCount,
            passes));
    if (noFreeWorker > 0) {
      lines.add(
          String.format(
              Locale.ROOT,
              "  %d passes found no free worker in time and ended timeout without "
                  + "running (%d callers share the workers)",
              noFreeWorker,
              concurrency));
    }
    for (String mismatch : mismatches) {
      lines.add("    " + mismatch);
    }
    lines.add(
        String.format(
            Locale.ROOT,
            "  before -> after: threads %d -> %d, file handles %d -> %d, heap after GC %.1f -> %.1f MiB, "
                + "child processes %d -> %d",
            before.threads(),
            after.threads(),
            before.openFiles(),
            after.openFiles(),
            before.heapBytes() / 1048576.0,
            after.heapBytes() / 1048576.0,
            before.childProcesses(),
            after.childProcesses()));
    lines.add("  leaks: " + (leaks.isEmpty() ? "none" : leaks.size()));
    for (String leak : leaks) {
      lines.add("    " + leak);
    }
    return lines;
  }
}
