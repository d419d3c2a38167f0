package io.codemode4j.bridge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.codemode4j.bridge.outcome.FailureKind;
import io.codemode4j.bridge.outcome.PassFailure;
import io.codemode4j.bridge.outcome.PassSuccess;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;

/**
 * Hidden methods do not exist in the sandbox, in process or in a worker process: a run's grants and
 * the host's policy filter the namespaces the program sees, and the full description refuses to run
 * when it would name a hidden method.
 */
class VisibilityIT {

  /** The host's policy here: a principal confined to a tenant may not see the failing tool. */
  private static Visibility policy(RunContext run) {
    return run.principal().confined() ? path -> !path.equals("t.fail") : Visibility.all();
  }

  private static final String PROBE =
      """
      async () => ({
        t: Object.getOwnPropertyNames(t),
        fail: typeof t.fail,
        extra: typeof extra,
        globals: Object.getOwnPropertyNames(globalThis).filter((name) => name === 't' || name === 'extra'),
        echoed: (await t.echo({value: 1})).value,
      })""";

  @ParameterizedTest
  @ValueSource(strings = {"in-process", "process"})
  void run_hiddenMethodsAndNamespaces_areAbsentFromTheSandbox(String isolation) {
    TestTools tools = new TestTools();
    try (CodeMode codeMode =
        tools
            .codeMode()
            .method("extra", "echo", tools.echo())
            .includeDeclarations(false)
            .visibility(VisibilityIT::policy)
            .isolation(Isolation.parse(isolation))
            .build()) {
      RunContext run =
          RunContext.of("run-v", Principal.ofTenant("ana", Set.of("emea")))
              .withGrants(Visibility.only(List.of("t.*")));

      JsonNode result = ((PassSuccess) codeMode.run(PROBE, run)).result();

      assertThat(result.toString())
          .isEqualTo(
              "{\"t\":[\"echo\",\"block\",\"big\"],\"fail\":\"undefined\",\"extra\":\"undefined\",\"globals\":[\"t\"],\"echoed\":1}");
    }
  }

  @Test
  void run_everythingVisible_seesTheWholeAllowlist() {
    TestTools tools = new TestTools();
    try (CodeMode codeMode =
        tools
            .codeMode()
            .method("extra", "echo", tools.echo())
            .includeDeclarations(false)
            .visibility(VisibilityIT::policy)
            .build()) {
      JsonNode result = ((PassSuccess) codeMode.run(PROBE, TestTools.run())).result();

      assertThat(result.toString())
          .isEqualTo(
              "{\"t\":[\"echo\",\"fail\",\"block\",\"big\"],\"fail\":\"function\",\"extra\":\"object\",\"globals\":[\"t\",\"extra\"],\"echoed\":1}");
    }
  }

  @Test
  void run_hiddenMethodCalledByName_failsAsAnUnknownFunction() {
    TestTools tools = new TestTools();
    try (CodeMode codeMode = tools.codeMode().includeDeclarations(false).build()) {
      RunContext run = TestTools.run().withGrants(Visibility.only(List.of("t.echo")));

      PassFailure failure = (PassFailure) codeMode.run("async () => t.fail({kind: 'failed'})", run);

      assertThat(failure.kind()).isEqualTo(FailureKind.THROWN);
      assertThat(failure.message()).contains("TypeError");
      assertThat(failure.calls()).isEmpty();
      assertThat(tools.started.get()).isZero();
    }
  }

  @Test
  void run_hiddenMethodWithFullDescription_isRefusedBeforeThePassStarts() {
    TestTools tools = new TestTools();
    try (CodeMode codeMode = tools.codeMode().visibility(VisibilityIT::policy).build()) {
      RunContext confined = RunContext.of("run-c", Principal.ofTenant("ana", Set.of("emea")));

      assertThatThrownBy(() -> codeMode.run("async () => 1", confined))
          .isInstanceOf(IllegalStateException.class)
          .hasMessage(
              "run run-c may not see t.fail, but the description of run_javascript declares every method: "
                  + "build it with describePerRun(true) and give each run tool(run), or with "
                  + "includeDeclarations(false) and give the model ToolDiscovery's tool to find the visible ones");
      assertThatThrownBy(
              () ->
                  codeMode.run(
                      "async () => 1", TestTools.run().withGrants(Visibility.only(List.of()))))
          .isInstanceOf(IllegalStateException.class)
          .hasMessageStartingWith("run run-1 may not see t.echo, t.fail, t.block, t.big, but");
      assertThat(codeMode.run("async () => 1", TestTools.run()).ok()).isTrue();
      assertThat(codeMode.tool().description()).contains("fail(args: {");
    }
  }

  @Test
  void tool_describePerRun_declaresOnlyWhatTheRunSees() {
    TestTools tools = new TestTools();
    try (CodeMode codeMode =
        tools.codeMode().visibility(VisibilityIT::policy).describePerRun(true).build()) {
      RunContext confined = RunContext.of("run-c", Principal.ofTenant("ana", Set.of("emea")));

      String confinedDescription = codeMode.tool(confined).description();

      assertThat(confinedDescription).contains("echo(args: {").doesNotContain("fail(");
      assertThat(codeMode.tool(TestTools.run())).isSameAs(codeMode.tool());
      assertThat(codeMode.tool().description()).contains("fail(args: {");
      assertThat(codeMode.tool(confined).parameters()).isEqualTo(codeMode.tool().parameters());
      assertThat(codeMode.run("async () => typeof t.fail", confined))
          .isInstanceOfSatisfying(
              PassSuccess.class, s -> assertThat(s.result().asString()).isEqualTo("undefined"));
    }
  }

  @Test
  void tool_hiddenMethodWithoutDescribePerRun_isRefusedAsRunIs() {
    TestTools tools = new TestTools();
    try (CodeMode codeMode = tools.codeMode().visibility(VisibilityIT::policy).build()) {
      RunContext confined = RunContext.of("run-c", Principal.ofTenant("ana", Set.of("emea")));

      assertThatThrownBy(() -> codeMode.tool(confined))
          .isInstanceOf(IllegalStateException.class)
          .hasMessageStartingWith("run run-c may not see t.fail");
    }
  }
}
