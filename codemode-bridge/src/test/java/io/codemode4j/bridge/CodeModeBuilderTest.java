package io.codemode4j.bridge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.codemode4j.bridge.approval.ApprovalDecision;
import io.codemode4j.bridge.outcome.PassOutcome;
import io.codemode4j.bridge.outcome.PassSuccess;
import io.codemode4j.bridge.tool.ExecutionClass;
import io.codemode4j.bridge.tool.Tool;
import io.codemode4j.bridge.tool.ToolSpec;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Construction fails closed; these checks run before any engine exists. */
class CodeModeBuilderTest {

  private final TestTools tools = new TestTools();

  @Test
  void build_needsApprovalToolWaitingLongerThanThePass_isRefusedNamingBothLimits() {
    Tool approval =
        new Tool(
            new ToolSpec(
                "refund",
                "Refunds.",
                TestTools.json("{\"type\":\"object\"}"),
                TestTools.json("{}"),
                ExecutionClass.NEEDS_APPROVAL),
            (args, ctx) -> args);
    assertThatThrownBy(
            () ->
                CodeMode.builder()
                    .method("billing", "refund", approval)
                    .maxApprovalWait(Duration.ofSeconds(30))
                    .build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining(
            "tool 'refund' (billing.refund) declares needsApproval, and its calls wait up to"
                + " maxApprovalWait (30s) inside a pass of at most maxWallTime (30s)");
  }

  /**
   * How long the channel is told it may take: the wait set, or without one half of a wall time
   * under twice the default wait (half of 30 s is under the default 20 s). The channel answers at
   * once, so the pass takes no longer than its first call.
   */
  @ParameterizedTest(name = "wall time {0} s, wait set {1} s -> asked with {2} s")
  @CsvSource({
    "30, , 15", // no wait set: half the short wall time
    ", 7, 7" // the wait set, under the default wall time
  })
  void build_needsApprovalTool_asksTheChannelWithItsWait(
      @Nullable Long wallSeconds, @Nullable Long waitSeconds, long askedSeconds) {
    List<Duration> asked = new CopyOnWriteArrayList<>();
    CodeMode.Builder builder =
        CodeMode.builder()
            .method("billing", "refund", refund())
            .approval(
                request -> {
                  asked.add(request.maxWait());
                  return ApprovalDecision.deny("ana", "asked how long it may take");
                })
            .readyContexts(0);
    if (wallSeconds != null) {
      builder.limits(
          CodeExecutionLimits.defaults().withMaxWallTime(Duration.ofSeconds(wallSeconds)));
    }
    if (waitSeconds != null) {
      builder.maxApprovalWait(Duration.ofSeconds(waitSeconds));
    }
    try (CodeMode codeMode = builder.build()) {
      PassOutcome outcome =
          codeMode.run(
              "async () => { try { await billing.refund({}); } catch (e) { return e.kind; } }",
              RunContext.of("r", Principal.unconfined("ana")));

      assertThat(outcome).isInstanceOf(PassSuccess.class);
      assertThat(((PassSuccess) outcome).result().asString()).isEqualTo("denied");
      assertThat(asked).containsExactly(Duration.ofSeconds(askedSeconds));
    }
  }

  @Test
  void build_needsApprovalToolWithDefaults_isOfferedWithItsExecutionClassDeclared() {
    try (CodeMode codeMode =
        CodeMode.builder().method("billing", "refund", refund()).readyContexts(0).build()) {
      assertThat(codeMode.methods()).containsExactly("billing.refund");
      assertThat(codeMode.declarations())
          .contains("@executionClass needsApproval")
          .contains("Each call waits for a person's approval");
    }
  }

  private static Tool refund() {
    return new Tool(
        new ToolSpec(
            "refund",
            "Refunds.",
            TestTools.json("{\"type\":\"object\"}"),
            TestTools.json("{}"),
            ExecutionClass.NEEDS_APPROVAL),
        (args, ctx) -> args);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "JSON",
        "Promise",
        "console",
        "Object",
        "globalThis",
        "Math",
        "1abc",
        "a-b",
        "class",
        "Java"
      })
  void build_namespaceShadowingOrInvalid_isRefused(String namespace) {
    assertThatThrownBy(() -> CodeMode.builder().method(namespace, "echo", tools.echo()).build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("'" + namespace + "'");
  }

  @ParameterizedTest
  @ValueSource(strings = {"run$js", "run-js", "9run", ""})
  void build_toolNameThatIsNotAToolName_isRefusedBeforeAnythingElse(String name) {
    assertThatThrownBy(() -> CodeMode.builder().toolName(name).build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "tool name '"
                + name
                + "' must be letters, digits and underscores, not starting with a digit, at most 64"
                + " characters");
  }

  @Test
  void build_noMethods_isRefused() {
    assertThatThrownBy(() -> CodeMode.builder().build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("at least one method");
  }

  @Test
  void build_tinyEgressBudget_isRefused() {
    assertThatThrownBy(() -> tools.codeMode().maxEgressBytes(100).build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("maxEgressBytes must be at least 256");
  }

  @ParameterizedTest
  @ValueSource(ints = {-1, 9})
  void readyContexts_outOfRange_isRefused(int count) {
    assertThatThrownBy(() -> CodeMode.builder().readyContexts(count))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("readyContexts must be 0..8, was " + count);
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          planTtl              | 0s   | planTtl must be above zero and at most 24h, was 0ms
          planTtl              | 25h  | planTtl must be above zero and at most 24h, was 25h
          maxApprovalWait      | -1s  | maxApprovalWait must be above zero and at most 1h, was -1000ms
          maxApprovalWait      | 61m  | maxApprovalWait must be above zero and at most 1h, was 61m
          authorizationTimeout | 0s   | authorizationTimeout must be above zero and at most 1m, was 0ms
          authorizationTimeout | 61s  | authorizationTimeout must be above zero and at most 1m, was 61s
          """)
  void durationSetting_outOfRange_isRefusedNamingTheSettingAndTheRange(
      String setting, String value, String message) {
    Duration duration =
        value.startsWith("-")
            ? Durations.parse(value.substring(1)).negated()
            : Durations.parse(value);
    CodeMode.Builder builder = CodeMode.builder();

    assertThatThrownBy(
            () -> {
              switch (setting) {
                case "planTtl" -> builder.planTtl(duration);
                case "maxApprovalWait" -> builder.maxApprovalWait(duration);
                default -> builder.authorizationTimeout(duration);
              }
            })
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(message);
  }

  @Test
  void method_declaredTwice_isRefused() {
    assertThatThrownBy(
            () ->
                CodeMode.builder()
                    .method("t", "echo", tools.echo())
                    .method("t", "echo", tools.echo()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("t.echo is declared twice");
  }

  @Test
  void toolSpec_parametersNotAnObject_isRefused() {
    assertThatThrownBy(
            () ->
                new ToolSpec(
                    "x",
                    "",
                    TestTools.json("{\"type\":\"string\"}"),
                    TestTools.json("{}"),
                    ExecutionClass.READONLY))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("the parameters schema must be {\"type\":\"object\"");
  }

  @Test
  void tool_outerSpec_describesTheAllowlistAndTakesCode() {
    try (CodeMode codeMode = tools.codeMode().toolName("run_js").build()) {
      ToolSpec outer = codeMode.tool();
      assertThat(outer.name()).isEqualTo("run_js");
      assertThat(outer.executionClass()).isEqualTo(ExecutionClass.MUTATION);
      assertThat(outer.description()).contains("declare const t: {", "echo(args: {", "Promise.all");
      assertThat(outer.parameters().toString())
          .contains("\"required\":[\"code\"]")
          .contains("\"code\":{\"type\":\"string\"");
      assertThat(codeMode.methods()).containsExactly("t.echo", "t.fail", "t.block", "t.big");
    }
  }
}
