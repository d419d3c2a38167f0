package io.codemode4j.bench;

import java.util.List;
import java.util.Objects;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * The outcome of one bench run: the machine it ran on and one {@link Metric} per name of {@link
 * #METRIC_NAMES}, in that order.
 *
 * @param machine CPU, cores, memory, OS and JVM of the run
 * @param metrics every metric, measured or with the reason it was not
 */
public record BenchReport(String machine, List<Metric> metrics) {

  /**
   * The metrics of issue 6 with issue 15's query ratios on PostgreSQL and Trino beside the others,
   * then those of issue 17 (MCP), then issue 28's peers (QuickJS and a Node vm context, measured by
   * the same run) and ours against QuickJS, in report order.
   */
  public static final List<String> METRIC_NAMES =
      List.of(
          "warm_pass_ms",
          "warm_pass_process_ms",
          "warm_pass_process_vs_in_process",
          "three_call_pass_ms",
          "host_call_us",
          "overlap_efficiency_c1",
          "overlap_efficiency_c4",
          "overlap_efficiency_c16",
          "overlap_efficiency_c64",
          "allowlist_us",
          "allowlist_fraction",
          "query_ratio_bundled",
          "query_overhead_bundled_ms",
          "query_ratio_10m",
          "query_ratio_config",
          "query_overhead_config_ms",
          "passes_per_s_c1",
          "passes_per_s_c2",
          "passes_per_s_c8",
          "rss_per_pass_mb",
          "cold_start_ms",
          "cold_start_rss_mb",
          "model_bytes_per_question",
          "mcp_stdio_overhead_ms",
          "mcp_http_calls_per_s_c16",
          "mcp_http_p99_ms_c16",
          "cpu_per_pass_ms",
          "quickjs_warm_pass_ms",
          "quickjs_three_call_pass_ms",
          "quickjs_cpu_per_pass_ms",
          "node_vm_warm_pass_ms",
          "node_vm_three_call_pass_ms",
          "node_vm_cpu_per_pass_ms",
          "warm_pass_vs_quickjs",
          "three_call_vs_quickjs",
          "cpu_per_pass_vs_quickjs");

  public BenchReport {
    Objects.requireNonNull(machine, "machine");
    metrics = List.copyOf(metrics);
    List<String> names = metrics.stream().map(Metric::name).toList();
    if (!names.equals(METRIC_NAMES)) {
      throw new IllegalArgumentException(
          "a report holds exactly " + METRIC_NAMES + " in that order, had " + names);
    }
  }

  /**
   * {@code {"machine": "...", "metrics": [{"name", "unit", "median", "p90", "p99", "baseline",
   * "ratio", "target", "met"}]}}: numbers rounded to four significant digits, {@code null} where
   * there is nothing to say, and a {@code reason} on each metric that was not measured (its numbers
   * and {@code met} are null).
   */
  public ObjectNode toJson() {
    JsonNodeFactory nodes = JsonNodeFactory.instance;
    ObjectNode json = nodes.objectNode().put("machine", machine);
    var array = json.putArray("metrics");
    for (Metric metric : metrics) {
      ObjectNode row = array.addObject().put("name", metric.name()).put("unit", metric.unit());
      metric
          .stats()
          .ifPresentOrElse(
              stats ->
                  row.put("median", Numbers.round(stats.median()))
                      .put("p90", Numbers.round(stats.p90()))
                      .put("p99", Numbers.round(stats.p99())),
              () -> row.putNull("median").putNull("p90").putNull("p99"));
      if (metric.baseline().isPresent()) {
        row.put("baseline", Numbers.round(metric.baseline().getAsDouble()));
        row.put("ratio", Numbers.round(metric.ratio().getAsDouble()));
      } else {
        row.putNull("baseline").putNull("ratio");
      }
      metric
          .target()
          .ifPresentOrElse(
              target -> row.put("target", target.toString()), () -> row.putNull("target"));
      metric.met().ifPresentOrElse(met -> row.put("met", met), () -> row.putNull("met"));
      metric.reason().ifPresent(reason -> row.put("reason", reason));
    }
    return json;
  }
}
