package io.codemode4j.bridge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import io.codemode4j.bridge.outcome.CallRecord;
import io.codemode4j.bridge.outcome.CallStatus;
import io.codemode4j.bridge.outcome.PassOutcome;
import io.codemode4j.bridge.outcome.PassSuccess;
import io.codemode4j.bridge.tool.AuthorizationDecision;
import io.codemode4j.bridge.tool.AuthorizationRequest;
import io.codemode4j.bridge.tool.ExecutionClass;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import tools.jackson.databind.node.ObjectNode;

/**
 * Per-call authorization with real GraalJS, run once per executor by its subclasses: the host's
 * hook decides every inner call by the value of its {@code value} argument ({@code deny}, {@code
 * boom} throws, {@code slow} overruns, {@code together} waits for a second call's hook, {@code
 * mutate} changes its copy of the arguments), and records every request it sees.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class AuthorizationContract {

  private static final Duration TIMEOUT = Duration.ofSeconds(2);

  private final TestTools tools = new TestTools();
  private final ConcurrentLinkedQueue<AuthorizationRequest> requests =
      new ConcurrentLinkedQueue<>();
  private volatile CountDownLatch together = new CountDownLatch(2);
  private final CountDownLatch slowHookRelease = new CountDownLatch(1);
  private final CodeMode codeMode;

  AuthorizationContract(Isolation isolation) {
    this.codeMode =
        tools
            .codeMode()
            .isolation(isolation)
            .includeDeclarations(false)
            .authorization(this::decide)
            .authorizationTimeout(TIMEOUT)
            .build();
    codeMode.warmUp(2);
  }

  private AuthorizationDecision decide(AuthorizationRequest request) throws Exception {
    requests.add(request);
    String value = request.arguments().path("value").asString("");
    return switch (value) {
      case "deny" -> AuthorizationDecision.deny("ana may not echo deny");
      case "boom" -> throw new IllegalStateException("the policy service is down");
      case "slow" -> {
        // Overruns the timeout: held until the class ends, unless the executor interrupts it.
        slowHookRelease.await();
        yield AuthorizationDecision.allow();
      }
      case "together" -> {
        together.countDown();
        yield together.await(TIMEOUT.toMillis() * 3 / 4, TimeUnit.MILLISECONDS)
            ? AuthorizationDecision.allow()
            : AuthorizationDecision.deny("the other call's authorization did not overlap");
      }
      case "mutate" -> {
        ((ObjectNode) request.arguments()).put("value", "changed by the hook");
        yield AuthorizationDecision.allow();
      }
      default -> AuthorizationDecision.allow();
    };
  }

  @BeforeEach
  void reset() {
    requests.clear();
    tools.started.set(0);
    together = new CountDownLatch(2);
  }

  @AfterAll
  void close() {
    slowHookRelease.countDown();
    codeMode.close();
  }

  private static RunContext run(RunBudget budget) {
    return new RunContext(
        "run-9", "outer-call-3", Principal.ofTenant("ana", Set.of("emea")), budget, null);
  }

  private static PassSuccess success(PassOutcome outcome) {
    assertThat(outcome).isInstanceOf(PassSuccess.class);
    return (PassSuccess) outcome;
  }

  @Test
  void run_deniedCall_rejectsUnauthorizedWithTheReasonNeverRunsAndIsNotCharged() {
    RunBudget budget = RunBudget.of(5);

    PassSuccess pass =
        success(
            codeMode.run(
                """
                async () => (await Promise.allSettled([t.echo({value: 'deny'}), t.echo({value: 1})]))
                  .map(r => r.status === 'rejected' ? r.reason.kind + ': ' + r.reason.message : r.value.value)""",
                run(budget)));

    assertThat(pass.result().toString()).isEqualTo("[\"unauthorized: ana may not echo deny\",1]");
    assertThat(pass.calls())
        .extracting(CallRecord::status, CallRecord::failureKind)
        .containsExactly(
            tuple(CallStatus.FAILED, "unauthorized"), tuple(CallStatus.SUCCEEDED, null));
    assertThat(tools.started.get()).isEqualTo(1);
    assertThat(budget.remaining()).isEqualTo(4);
  }

  @Test
  void run_hook_seesTheCallWithItsProgrammaticParentAndPrincipal() {
    PassOutcome outcome =
        codeMode.run("async () => (await t.echo({value: 7})).value", run(RunBudget.of(5)));

    assertThat(requests).hasSize(1);
    AuthorizationRequest request = requests.peek();
    assertThat(request.method()).isEqualTo("t.echo");
    assertThat(request.toolName()).isEqualTo("echo");
    assertThat(request.executionClass()).isEqualTo(ExecutionClass.READONLY);
    assertThat(request.arguments().toString()).isEqualTo("{\"value\":7}");
    assertThat(request.call().runId()).isEqualTo("run-9");
    assertThat(request.call().parentCallId()).isEqualTo("outer-call-3");
    assertThat(request.call().passId()).isEqualTo(outcome.passId());
    assertThat(request.call().callId()).isEqualTo(outcome.calls().getFirst().callId());
    assertThat(request.call().principal().tenant()).containsExactly("emea");
    assertThat(tools.contexts).extracting(c -> c.callId()).contains(request.call().callId());
  }

  @Test
  void run_hookThatThrowsOrOverruns_deniesAndThePassGoesOn() {
    PassSuccess pass =
        success(
            codeMode.run(
                """
                async () => {
                  const out = [];
                  for (const value of ['boom', 'slow']) {
                    try { await t.echo({value}); out.push('ran'); } catch (e) { out.push(e.kind + ': ' + e.message); }
                  }
                  out.push((await t.echo({value: 'after'})).value);
                  return out;
                }""",
                run(RunBudget.of(5))));

    assertThat(pass.result().get(0).asString())
        .isEqualTo(
            "unauthorized: denied: the host's authorization failed for t.echo, so the call did not run");
    assertThat(pass.result().get(1).asString())
        .isEqualTo(
            "unauthorized: denied: the host's authorization did not answer within 2s"
                + " (authorizationTimeout) for t.echo, so the call did not run");
    assertThat(pass.result().get(2).asString()).isEqualTo("after");
    assertThat(tools.started.get()).isEqualTo(1);
  }

  @Test
  void run_twoCallsWhoseHooksWaitForEachOther_bothRun() {
    PassSuccess pass =
        success(
            codeMode.run(
                "async () => (await Promise.all([t.echo({value: 'together'}), t.echo({value: 'together'})])).length",
                run(RunBudget.of(5))));

    assertThat(pass.result().asInt()).isEqualTo(2);
    assertThat(tools.started.get()).isEqualTo(2);
  }

  @Test
  void run_hookChangingItsArguments_changesNothingTheHandlerReceives() {
    PassSuccess pass =
        success(
            codeMode.run(
                "async () => (await t.echo({value: 'mutate'})).value", run(RunBudget.of(5))));

    assertThat(pass.result().asString()).isEqualTo("mutate");
  }

  @Test
  void run_methodOutsideTheRunsGrants_isRefusedBeforeTheHook() {
    RunContext narrowed = run(RunBudget.of(5)).withGrants(Visibility.only(List.of("t.fail")));

    PassSuccess pass =
        success(
            codeMode.run(
                "async () => { try { await t.fail({kind: 'failed', message: 'x'}); } catch (e) { return typeof t.echo + ' ' + e.kind; } }",
                narrowed));

    assertThat(pass.result().asString()).isEqualTo("undefined failed");
    assertThat(requests).extracting(AuthorizationRequest::method).containsExactly("t.fail");
  }

  @Test
  void run_runBudgetSharedByTwoPasses_refusesTheCallThatExceedsItInTheSecondPass() {
    RunBudget budget = RunBudget.of(3);
    String twoCalls =
        "async () => (await Promise.allSettled([t.echo({value: 1}), t.echo({value: 'deny'}), t.echo({value: 2})]))"
            + ".map(r => r.status === 'rejected' ? r.reason.kind : 'ok')";

    PassSuccess first = success(codeMode.run(twoCalls, run(budget)));
    PassSuccess second = success(codeMode.run(twoCalls, run(budget)));

    assertThat(first.result().toString()).isEqualTo("[\"ok\",\"unauthorized\",\"ok\"]");
    assertThat(budget.remaining()).isZero();
    assertThat(second.result().toString()).contains("budget").contains("unauthorized");
    assertThat(second.calls()).filteredOn(c -> "budget".equals(c.failureKind())).hasSize(1);
    assertThat(tools.started.get()).isEqualTo(3);
  }
}
