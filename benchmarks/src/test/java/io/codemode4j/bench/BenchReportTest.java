package io.codemode4j.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

class BenchReportTest {

  private static List<Metric> allNotMeasured() {
    return BenchReport.METRIC_NAMES.stream()
        .map(name -> Metric.notMeasured(name, "ms", Optional.empty(), "not in this test"))
        .toList();
  }

  @Test
  void toJson_measuredMetric_hasEveryFieldRounded() {
    List<Metric> metrics = new ArrayList<>(allNotMeasured());
    metrics.set(
        0,
        Metric.measured(
            "warm_pass_ms",
            "ms",
            new Stats(0.123456, 0.2, 0.3, 5),
            OptionalDouble.of(0.1),
            Optional.of(Target.atMost(0.4))));

    ObjectNode json = new BenchReport("test machine", metrics).toJson();

    assertThat(json.propertyNames()).containsExactly("machine", "metrics");
    assertThat(json.get("machine").asString()).isEqualTo("test machine");
    JsonNode row = json.get("metrics").get(0);
    assertThat(row.propertyNames())
        .containsExactly(
            "name", "unit", "median", "p90", "p99", "baseline", "ratio", "target", "met");
    assertThat(row.toString())
        .isEqualTo(
            "{\"name\":\"warm_pass_ms\",\"unit\":\"ms\",\"median\":0.1235,\"p90\":0.2,"
                + "\"p99\":0.3,\"baseline\":0.1,\"ratio\":1.235,\"target\":\"<= 0.4\",\"met\":true}");
  }

  @Test
  void toJson_notMeasuredMetric_hasNullNumbersAndTheReason() {
    ObjectNode json = new BenchReport("m", allNotMeasured()).toJson();

    JsonNode row = json.get("metrics").get(1);
    assertThat(row.toString())
        .isEqualTo(
            "{\"name\":\"warm_pass_process_ms\",\"unit\":\"ms\",\"median\":null,"
                + "\"p90\":null,\"p99\":null,\"baseline\":null,\"ratio\":null,\"target\":null,\"met\":null,"
                + "\"reason\":\"not in this test\"}");
  }

  @Test
  void toJson_listsEveryMetricOfTheIssueInOrder() {
    ObjectNode json = new BenchReport("m", allNotMeasured()).toJson();

    List<String> names = new ArrayList<>();
    json.get("metrics").forEach(row -> names.add(row.get("name").asString()));
    assertThat(names)
        .containsExactly(
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
  }

  @Test
  void new_missingMetric_throws() {
    List<Metric> metrics = new ArrayList<>(allNotMeasured());
    metrics.removeLast();

    assertThatThrownBy(() -> new BenchReport("m", metrics))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("exactly");
  }
}
