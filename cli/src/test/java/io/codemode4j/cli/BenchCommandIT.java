package io.codemode4j.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.codemode4j.bench.BenchReport;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code codemode bench --quick}: a smoke run of every scenario, which keeps the bench working. It
 * checks the shape of the report, never a performance target. The cold-start scenario runs the
 * repository's launcher, which this module's build has just packaged.
 */
class BenchCommandIT {

  /** What a quick run without --data cannot measure, by design. */
  private static final Set<String> NOT_MEASURED_BY_DESIGN = Set.of("query_ratio_10m");

  private record Outcome(int exitCode, String out, String err) {}

  private static Outcome codemode(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int code = CodemodeCli.run(new PrintWriter(out, true), new PrintWriter(err, true), args);
    return new Outcome(code, out.toString(), err.toString());
  }

  @Test
  void bench_quickJson_reportsEveryMetricWithNumbersOrAReason() {
    Outcome result = codemode("bench", "--quick", "--json");

    assertThat(result.exitCode()).as(result.err()).isZero();
    JsonNode report = JsonMapper.builder().build().readTree(result.out());
    assertThat(report.propertyNames()).containsExactly("machine", "metrics", "load");
    assertThat(report.get("load").propertyNames())
        .containsExactly("start", "end", "cores", "loaded");
    assertThat(report.get("load").get("cores").asInt())
        .isEqualTo(Runtime.getRuntime().availableProcessors());
    assertThat(result.err())
        .contains("bench: load average at start ", "bench: load average at end ");
    assertThat(report.get("machine").asString()).contains("cores");
    List<String> names = new ArrayList<>();
    for (JsonNode metric : report.get("metrics")) {
      String name = metric.get("name").asString();
      names.add(name);
      assertThat(metric.propertyNames())
          .as(name)
          .startsWith("name", "unit", "median", "p90", "p99", "baseline", "ratio", "target", "met");
      if (NOT_MEASURED_BY_DESIGN.contains(name)) {
        assertThat(metric.get("median").isNull()).as(name).isTrue();
        assertThat(metric.get("met").isNull()).as(name).isTrue();
        assertThat(metric.get("reason").asString()).as(name).isNotBlank();
      } else {
        assertThat(metric.has("reason"))
            .as("%s was not measured: %s", name, metric.path("reason"))
            .isFalse();
        assertThat(List.of(metric.get("median"), metric.get("p90"), metric.get("p99")))
            .as(name)
            .allSatisfy(value -> assertThat(value.isNumber()).isTrue());
        assertThat(metric.get("met").isBoolean() || metric.get("target").isNull())
            .as(name)
            .isTrue();
      }
    }
    assertThat(names).containsExactlyElementsOf(BenchReport.METRIC_NAMES);
  }

  @Test
  void bench_dataIsNotADirectory_exitsTwo() {
    Outcome result = codemode("bench", "--quick", "--data", "no-such-directory");

    assertThat(result.exitCode()).isEqualTo(2);
    assertThat(result.err()).contains("--data no-such-directory is not a directory");
  }

  @Test
  void benchSoak_everyScenarioInProcess_printsAPassedReportAndExitsZero() {
    Outcome result =
        codemode(
            "bench",
            "--soak",
            "--isolation",
            "in-process",
            "--passes",
            "36",
            "--concurrency",
            "16");

    assertThat(result.exitCode()).as(result.out() + result.err()).isZero();
    assertThat(result.out())
        .contains("soak in-process: passed, 36 passes at concurrency 16")
        .contains("ledgers: 0 of 36 passes differ from their scenario")
        .contains("leaks: none");
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
      --soak --json                       | --soak runs alone: drop --quick, --json and --data
      --soak --isolation elsewhere        | --isolation must be in-process, process or both, was 'elsewhere'
      --soak --passes 3                   | a soak runs at least one pass per scenario
      --soak --concurrency 0              | concurrency must be 1..256, was 0
      """)
  void benchSoak_badOptions_exitTwoAndSayWhy(String options, String message) {
    List<String> args = new ArrayList<>(List.of("bench"));
    args.addAll(List.of(options.split(" ")));

    Outcome result = codemode(args.toArray(String[]::new));

    assertThat(result.exitCode()).isEqualTo(2);
    assertThat(result.err()).contains(message);
  }
}
