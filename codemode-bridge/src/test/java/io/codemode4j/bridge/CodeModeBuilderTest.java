package io.codemode4j.bridge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.codemode4j.bridge.outcome.PassOutcome;
import io.codemode4j.bridge.outcome.PassSuccess;
import io.codemode4j.bridge.tool.ExecutionClass;
import io.codemode4j.bridge.tool.Tool;
import io.codemode4j.bridge.tool.ToolSpec;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
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

  @Test
  void build_needsApprovalToolUnderAShortWallTimeWithoutAWaitSet_waitsHalfTheWallTime() {
    // Under the default wait (20s), with room for a cold first pass before the call (about 1.4s on
    // an idle machine) and after its rejection.
    CodeExecutionLimits tenSeconds =
        CodeExecutionLimits.defaults().withMaxWallTime(Duration.ofSeconds(10));
    CountDownLatch never = new CountDownLatch(1);
    try (CodeMode codeMode =
        CodeMode.builder()
            .method("billing", "refund", refund())
            .limits(tenSeconds)
            .approval(
                request -> {
                  never.await();
                  throw new IllegalStateException("no decision");
                })
            .readyContexts(0)
            .build()) {
      PassOutcome outcome =
          codeMode.run(
              "async () => { try { await billing.refund({}); return 'ran'; }"
                  + " catch (e) { return e.kind + ': ' + e.message; } }",
              RunContext.of("r", Principal.unconfined("ana")));

      assertThat(outcome).isInstanceOf(PassSuccess.class);
      assertThat(((PassSuccess) outcome).result().asString())
          .startsWith("timeout: no approval decision for billing.refund within 5s");
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
