package io.codemode4j.bench;

import static org.assertj.core.api.Assertions.assertThat;

import io.codemode4j.bridge.CodeMode;
import io.codemode4j.bridge.Isolation;
import io.codemode4j.bridge.Principal;
import io.codemode4j.bridge.RunContext;
import io.codemode4j.bridge.outcome.CallStatus;
import io.codemode4j.bridge.outcome.PassOutcome;
import io.codemode4j.bridge.tool.ExecutionClass;
import io.codemode4j.bridge.tool.Tool;
import io.codemode4j.bridge.tool.ToolSpec;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.JsonNodeFactory;

/**
 * The short soak CI runs ({@code codemode bench --soak} runs the long one): every scenario many
 * times at concurrency 16 in-process and a few times on worker processes, with correct ledgers and
 * nothing left behind. It counts the JVM's threads and child processes, so it runs alone ({@link
 * Isolated}).
 */
@Isolated
@Tag("soak")
class SoakIT {

  @Test
  void run_inProcessAtConcurrency16_everyLedgerRightAndNothingLeaks() {
    int passes = Soak.SCENARIOS.size() * 14;

    SoakReport report = Soak.run(new SoakOptions(passes, 16, Isolation.inProcess(), line -> {}));

    assertThat(report.ok()).as(String.join("\n", report.lines())).isTrue();
    assertThat(report.passes()).isEqualTo(passes);
    assertThat(report.passesByScenario())
        .hasSize(Soak.SCENARIOS.size())
        .allSatisfy((name, n) -> assertThat(n).isEqualTo(14));
  }

  @Test
  void run_workerProcesses_everyLedgerRightAndNoWorkerBehind() {
    SoakReport report =
        Soak.run(
            new SoakOptions(
                Soak.SCENARIOS.size() * 2, 4, new Isolation.Process(2, 256), line -> {}));

    assertThat(report.ok()).as(String.join("\n", report.lines())).isTrue();
    assertThat(report.after().childProcesses())
        .isLessThanOrEqualTo(report.before().childProcesses());
  }

  @Test
  void mismatch_outcomeOrLedgerDiffersFromTheScenario_saysWhat() {
    try (CodeMode codeMode = CodeMode.builder().method("t", "one", one()).build()) {
      PassOutcome two =
          codeMode.run(
              "async () => (await t.one({})) + 1", RunContext.of("r", Principal.unconfined("p")));
      PassOutcome thrown =
          codeMode.run(
              "async () => { throw new Error('x'); }",
              RunContext.of("r", Principal.unconfined("p")));
      List<CallStatus> oneCall = List.of(CallStatus.SUCCEEDED);

      assertThat(Soak.mismatch(new Soak.Scenario("s", "", Soak.Expect.success("2"), oneCall), two))
          .isNull();
      assertThat(Soak.mismatch(new Soak.Scenario("s", "", Soak.Expect.success("3"), oneCall), two))
          .isEqualTo("expected ok 3, got ok 2");
      assertThat(
              Soak.mismatch(new Soak.Scenario("s", "", Soak.Expect.success("2"), List.of()), two))
          .startsWith("calls 1 x succeeded, expected none");
      assertThat(
              Soak.mismatch(
                  new Soak.Scenario("s", "", Soak.Expect.failure("thrown"), List.of()), thrown))
          .isNull();
      assertThat(
              Soak.mismatch(
                  new Soak.Scenario("s", "", Soak.Expect.failure("limit cpu"), List.of()), thrown))
          .startsWith("expected limit cpu, got thrown");
    }
  }

  private static Tool one() {
    JsonMapper json = JsonMapper.builder().build();
    return new Tool(
        new ToolSpec(
            "one",
            "Returns 1.",
            json.readTree("{\"type\": \"object\"}"),
            json.readTree("{\"type\": \"integer\"}"),
            ExecutionClass.READONLY),
        (arguments, context) -> JsonNodeFactory.instance.numberNode(1));
  }
}
