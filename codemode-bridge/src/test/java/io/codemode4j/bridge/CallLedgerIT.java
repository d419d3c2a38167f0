package io.codemode4j.bridge;

import static org.assertj.core.api.Assertions.assertThat;

import io.codemode4j.bridge.outcome.CallRecord;
import io.codemode4j.bridge.outcome.CallStatus;
import io.codemode4j.bridge.outcome.FailureKind;
import io.codemode4j.bridge.outcome.PassFailure;
import io.codemode4j.bridge.outcome.PassOutcome;
import io.codemode4j.bridge.outcome.PassReport;
import io.codemode4j.bridge.outcome.PassSuccess;
import io.codemode4j.bridge.tool.CallContext;
import io.codemode4j.bridge.tool.Tool;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** Inner calls: arguments, concurrency, delivery order, budgets and the ledger's statuses. */
class CallLedgerIT {

  private static PassSuccess success(PassOutcome outcome) {
    assertThat(outcome).isInstanceOf(PassSuccess.class);
    return (PassSuccess) outcome;
  }

  @Test
  void run_argumentsWithGetterProxyAndLaterMutation_areSnapshottedOnce() {
    TestTools tools = new TestTools();
    try (CodeMode codeMode = tools.codeMode().build()) {
      JsonNode result =
          success(
                  codeMode.run(
                      """
          async () => {
            let reads = 0;
            const getter = { get value() { reads++; return 'read ' + reads; } };
            const a = await t.echo(getter);
            let traps = 0;
            const proxy = new Proxy({value: 'p'}, { get(target, key) { traps++; return target[key]; } });
            const b = await t.echo(proxy);
            const mutable = {value: 'before'};
            const pending = t.echo(mutable);
            mutable.value = 'after';
            const c = await pending;
            const d = await t.echo({toJSON() { return {value: 'from toJSON'}; }});
            return {a: a.value, reads, b: b.value, trapsOnce: traps > 0, c: c.value, d: d.value};
          }""",
                      TestTools.run()))
              .result();
      assertThat(result.toString())
          .isEqualTo(
              "{\"a\":\"read 1\",\"reads\":1,\"b\":\"p\",\"trapsOnce\":true,"
                  + "\"c\":\"before\",\"d\":\"from toJSON\"}");
    }
  }

  @Test
  void run_invalidArguments_rejectWithInvalidArgumentsAndNeverReachTheHandler() {
    TestTools tools = new TestTools();
    try (CodeMode codeMode = tools.codeMode().build()) {
      JsonNode result =
          success(
                  codeMode.run(
                      """
          async () => {
            const kinds = [];
            for (const args of [{}, {value: 1, extra: true}, {value: 1, gate: ''}, {value: 10n}, {value: () => 1}, {value: 1, dropped: undefined}]) {
              try { await t.echo(args); kinds.push('ok'); } catch (e) { kinds.push(e.kind); }
            }
            return kinds;
          }""",
                      TestTools.run()))
              .result();
      assertThat(result.toString())
          .isEqualTo(
              "[\"invalid_arguments\",\"invalid_arguments\",\"invalid_arguments\","
                  + "\"invalid_arguments\",\"invalid_arguments\",\"ok\"]");
      assertThat(tools.started.get()).isEqualTo(1);
    }
  }

  @Test
  void run_manyCalls_neverRunMoreHandlersThanTheConcurrencyLimit() throws Exception {
    TestTools tools = new TestTools();
    try (CodeMode codeMode =
        tools
            .codeMode()
            .limits(CodeExecutionLimits.defaults().withMaxHostCallConcurrency(3))
            .listener(tools.admissions())
            .build()) {
      // Every call waits at the gate: once the program has made all 16 and 3 of them run, no
      // other may start until the test opens it.
      CompletableFuture<PassOutcome> running =
          inBackground(
              () ->
                  codeMode.run(
                      """
          async () => (await Promise.all(Array.from({length: 16}, (_, i) => t.echo({value: i, gate: 'go'}))))
              .map(r => r.value)""",
                      TestTools.run()));
      tools.awaitAdmitted(16);
      tools.awaitStarted(3);
      assertThat(tools.started.get()).isEqualTo(3);
      tools.open("go");

      PassSuccess pass = success(running.get(TestTools.PATIENCE.toSeconds(), TimeUnit.SECONDS));
      assertThat(pass.result()).hasSize(16);
      assertThat(tools.maxActive.get()).isEqualTo(3);
      assertThat(tools.onVirtualThread).hasSize(16).containsOnly(true);
      assertThat(pass.calls()).extracting(CallRecord::status).containsOnly(CallStatus.SUCCEEDED);
    }
  }

  @Test
  void run_independentCalls_areDeliveredInCompletionOrder() {
    TestTools tools = new TestTools();
    try (CodeMode codeMode = tools.codeMode().build()) {
      // The call made first completes last: its gate opens only once the program has the second
      // call's result, so delivering results in the order of the calls would never end.
      JsonNode order =
          success(
                  codeMode.run(
                      """
          async () => {
            const order = [];
            await Promise.all([
              t.echo({value: 'slow', gate: 'fast delivered'}).then(r => order.push(r.value)),
              t.echo({value: 'fast'}).then(r => {
                order.push(r.value);
                return t.echo({value: 'opener', open: 'fast delivered'});
              }),
            ]);
            return order;
          }""",
                      TestTools.run()))
              .result();
      assertThat(order.toString()).isEqualTo("[\"fast\",\"slow\"]");
    }
  }

  @Test
  void run_timeoutWithCallsInFlight_recordsEveryStatus() {
    TestTools tools = new TestTools();
    CopyOnWriteArrayList<PassReport> reports = new CopyOnWriteArrayList<>();
    try (CodeMode codeMode =
        tools
            .codeMode()
            .limits(
                CodeExecutionLimits.defaults()
                    .withMaxHostCallConcurrency(2)
                    .withMaxWallTime(Duration.ofMillis(800)))
            .onPassExit(reports::add)
            .build()) {
      codeMode.warmUp(1);
      PassOutcome outcome =
          codeMode.run(
              """
          async () => {
            await t.echo({value: 1});
            try { await t.fail({kind: 'failed', message: 'declined'}); } catch (e) {}
            await Promise.all([t.block({}), t.block({}), t.echo({value: 2}), t.fail({kind: 'refused'})]);
          }""",
              TestTools.run());

      assertThat(outcome)
          .isInstanceOfSatisfying(
              PassFailure.class, f -> assertThat(f.kind()).isEqualTo(FailureKind.TIMEOUT));
      assertThat(TestTools.statuses(outcome))
          .containsExactly(
              CallStatus.SUCCEEDED,
              CallStatus.FAILED,
              CallStatus.UNCERTAIN,
              CallStatus.UNCERTAIN,
              CallStatus.NOT_STARTED,
              CallStatus.NOT_STARTED);
      assertThat(outcome.calls().get(1).failureKind()).isEqualTo("failed");
      assertThat(outcome.calls().get(2).duration()).isGreaterThan(Duration.ofMillis(300));
      assertThat(outcome.calls().get(4).duration()).isZero();
      awaitInterrupted(tools, 2);
      assertThat(tools.started.get()).isEqualTo(4);

      assertThat(reports)
          .singleElement()
          .satisfies(
              report -> {
                assertThat(report.failure()).isEqualTo(FailureKind.TIMEOUT);
                assertThat(report.calls())
                    .extracting(PassReport.Call::status)
                    .containsExactlyElementsOf(TestTools.statuses(outcome));
                assertThat(report.calls())
                    .extracting(PassReport.Call::method)
                    .containsExactly("t.echo", "t.fail", "t.block", "t.block", "t.echo", "t.fail");
              });
    }
  }

  @Test
  void run_rejectedPromiseAll_endsTheProgramAndInterruptsOutstandingCalls() {
    TestTools tools = new TestTools();
    try (CodeMode codeMode = tools.codeMode().build()) {
      // The echo waits until the block's handler has started, so it is in flight when the all
      // rejects.
      PassOutcome outcome =
          codeMode.run(
              """
          async () => {
            const blocked = t.block({open: 'blocking'});
            await t.echo({value: 'done', gate: 'blocking'});
            return Promise.all([blocked, t.fail({kind: 'refused', message: 'no'})]);
          }""",
              TestTools.run());
      assertThat(outcome)
          .isInstanceOfSatisfying(
              PassFailure.class,
              f -> {
                assertThat(f.kind()).isEqualTo(FailureKind.THROWN);
                assertThat(f.message()).contains("t.fail (refused)");
              });
      assertThat(TestTools.statuses(outcome))
          .containsExactly(CallStatus.UNCERTAIN, CallStatus.SUCCEEDED, CallStatus.FAILED);
      awaitInterrupted(tools, 1);
      assertThat(tools.interrupted).containsExactly(outcome.calls().get(0).callId());
    }
  }

  @Test
  void run_moreCallsThanMaxHostCalls_rejectsTheExtraWithBudget() {
    TestTools tools = new TestTools();
    try (CodeMode codeMode =
        tools.codeMode().limits(CodeExecutionLimits.defaults().withMaxHostCalls(3)).build()) {
      PassSuccess pass =
          success(
              codeMode.run(
                  """
          async () => (await Promise.allSettled([1, 2, 3, 4, 5].map(v => t.echo({value: v}))))
              .map(r => r.status === 'fulfilled' ? r.value.value : r.reason.kind + ': ' + r.reason.message)""",
                  TestTools.run()));
      assertThat(pass.result().get(2).asInt()).isEqualTo(3);
      assertThat(pass.result().get(3).asString())
          .isEqualTo(
              "budget: call budget spent: this pass may make 3 inner calls (maxHostCalls); batch the work into fewer calls");
      assertThat(TestTools.statuses(pass))
          .containsExactly(
              CallStatus.SUCCEEDED,
              CallStatus.SUCCEEDED,
              CallStatus.SUCCEEDED,
              CallStatus.FAILED,
              CallStatus.FAILED);
      assertThat(tools.started.get()).isEqualTo(3);
    }
  }

  @Test
  void run_runWithFewerRemainingToolCalls_appliesTheSmallerBudget() {
    TestTools tools = new TestTools();
    try (CodeMode codeMode = tools.codeMode().build()) {
      PassSuccess pass =
          success(
              codeMode.run(
                  "async () => (await Promise.allSettled([1, 2, 3].map(v => t.echo({value: v})))).map(r => r.status)",
                  TestTools.run().withBudget(RunBudget.of(2))));
      assertThat(pass.result().toString()).isEqualTo("[\"fulfilled\",\"fulfilled\",\"rejected\"]");
      assertThat(pass.calls().get(2).failureKind()).isEqualTo("budget");
    }
  }

  @Test
  void run_runWithLessRemainingTime_timesOutSooner() {
    TestTools tools = new TestTools();
    try (CodeMode codeMode = tools.codeMode().build()) {
      // The block is never released: only the run's remaining time can end the pass (the class's
      // 30 s wall time would end it as well, but the default test timeout is not the measure).
      PassOutcome outcome =
          codeMode.run(
              "async () => t.block({})", TestTools.run().withRemainingTime(Duration.ofMillis(300)));
      assertThat(outcome)
          .isInstanceOfSatisfying(
              PassFailure.class,
              f -> {
                assertThat(f.kind()).isEqualTo(FailureKind.TIMEOUT);
                assertThat(f.message()).contains("300ms");
              });
    }
  }

  @Test
  void run_oversizedArgumentsOrResult_rejectTheCallWithTooLarge() {
    TestTools tools = new TestTools();
    try (CodeMode codeMode =
        tools
            .codeMode()
            .limits(CodeExecutionLimits.defaults().withMaxHostCallBytes(1000))
            .build()) {
      PassSuccess pass =
          success(
              codeMode.run(
                  """
          async () => {
            const kinds = [];
            try { await t.echo({value: 'x'.repeat(2000)}); } catch (e) { kinds.push(e.kind); }
            try { await t.big({bytes: 5000}); } catch (e) { kinds.push(e.kind + ': ' + e.message); }
            kinds.push((await t.big({bytes: 100})).text.length);
            return kinds;
          }""",
                  TestTools.run()));
      assertThat(pass.result().get(0).asString()).isEqualTo("too_large");
      assertThat(pass.result().get(1).asString())
          .startsWith("too_large: the result of t.big is 5011 bytes, over the limit of 1000");
      assertThat(pass.result().get(2).asInt()).isEqualTo(100);
      assertThat(TestTools.statuses(pass))
          .containsExactly(CallStatus.FAILED, CallStatus.FAILED, CallStatus.SUCCEEDED);
    }
  }

  @Test
  void run_resultOutsideTheSuccessSchema_failsTheCall() {
    TestTools tools = new TestTools();
    try (CodeMode codeMode = tools.codeMode().build()) {
      PassSuccess pass =
          success(
              codeMode.run(
                  "async () => { try { return await t.big({lie: true}); } catch (e) { return e; } }",
                  TestTools.run()));
      assertThat(pass.result().get("kind").asString()).isEqualTo("failed");
      assertThat(pass.result().get("message").asString())
          .contains("does not match its declared type");
    }
  }

  @Test
  void run_handlers_seeTheirCallContext() {
    TestTools tools = new TestTools();
    try (CodeMode codeMode = tools.codeMode().build()) {
      RunContext run =
          new RunContext(
              "run-7",
              "call-outer-1",
              Principal.ofTenant("ana", java.util.Set.of("emea")),
              null,
              null);
      PassOutcome outcome = codeMode.run("async () => t.echo({value: 1})", run);
      CallContext context = tools.contexts.peek();
      assertThat(context.runId()).isEqualTo("run-7");
      assertThat(context.parentCallId()).isEqualTo("call-outer-1");
      assertThat(context.passId()).isEqualTo(outcome.passId());
      assertThat(context.callId()).isEqualTo(outcome.calls().get(0).callId());
      assertThat(context.method()).isEqualTo("t.echo");
      assertThat(context.principal().tenant()).isEqualTo(java.util.Set.of("emea"));
    }
  }

  @Test
  void run_oneToolUnderTwoAliases_recordsTheMethodCalled() {
    TestTools tools = new TestTools();
    Tool echo = tools.echo();
    try (CodeMode codeMode =
        CodeMode.builder().method("a", "echo", echo).method("b", "repeat", echo).build()) {
      PassOutcome outcome =
          codeMode.run(
              "async () => [await a.echo({value: 1}), await b.repeat({value: 2})]",
              TestTools.run());
      assertThat(outcome.calls())
          .extracting(CallRecord::method)
          .containsExactly("a.echo", "b.repeat");
      assertThat(outcome.calls()).extracting(CallRecord::tool).containsExactly("echo", "echo");
    }
  }

  private static void awaitInterrupted(TestTools tools, int count) {
    try {
      tools.awaitInterrupted(count);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError(e);
    }
    assertThat(tools.interrupted).hasSize(count);
  }

  /** {@code pass} on a platform thread of its own, so the test can wait on its events meanwhile. */
  static CompletableFuture<PassOutcome> inBackground(Supplier<PassOutcome> pass) {
    CompletableFuture<PassOutcome> outcome = new CompletableFuture<>();
    Thread.ofPlatform()
        .start(
            () -> {
              try {
                outcome.complete(pass.get());
              } catch (Throwable t) {
                outcome.completeExceptionally(t);
              }
            });
    return outcome;
  }

  static List<String> methods(PassOutcome outcome) {
    return outcome.calls().stream().map(CallRecord::method).toList();
  }
}
