package io.codemode4j.bridge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import io.codemode4j.bridge.approval.ApprovalDecision;
import io.codemode4j.bridge.approval.ApprovalOutcome;
import io.codemode4j.bridge.event.CallEnded;
import io.codemode4j.bridge.event.PassEvent;
import io.codemode4j.bridge.event.PassListener;
import io.codemode4j.bridge.event.PassStarted;
import io.codemode4j.bridge.outcome.CallRecord;
import io.codemode4j.bridge.outcome.CallStatus;
import io.codemode4j.bridge.outcome.PassSuccess;
import io.codemode4j.bridge.plan.Plan;
import io.codemode4j.bridge.plan.PlanApplication;
import io.codemode4j.bridge.plan.PlannedWrite;
import io.codemode4j.bridge.plan.Planning;
import io.codemode4j.bridge.tool.CallContext;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import tools.jackson.databind.node.ObjectNode;

/**
 * Plan, then approve once, with real GraalJS, run once per executor by its subclasses: a program
 * that reads and then flags three values is planned (the read runs, the flags are recorded, not
 * run), and the signed plan applies its writes once, in order, with stable idempotency keys.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class PlanContract {

  private static final ApprovalDecision.Approved APPROVED =
      new ApprovalDecision.Approved("ana", "the three flags look right");

  private static final String FLAG_THREE =
      """
      async () => {
        const read = await t.echo({value: ['a', 'b', 'c']});
        const planned = [];
        for (const value of read.value) planned.push(await t.flag({value}));
        return planned.map(p => p.planned + ' ' + p.step);
      }""";

  private final TestTools tools = new TestTools();
  private final ConcurrentLinkedQueue<PassEvent> events = new ConcurrentLinkedQueue<>();
  private final CodeMode codeMode;

  PlanContract(Isolation isolation) {
    this.codeMode =
        tools
            .codeMode()
            .method("t", "flag", tools.flag())
            .isolation(isolation)
            .includeDeclarations(false)
            .listener(
                new PassListener() {
                  @Override
                  public void onPassStarted(PassStarted event) {
                    events.add(event);
                  }

                  @Override
                  public void onCallEnded(CallEnded event) {
                    events.add(event);
                  }
                })
            .build();
    codeMode.warmUp(2);
  }

  @BeforeEach
  void reset() {
    tools.started.set(0);
    tools.contexts.clear();
    events.clear();
  }

  @AfterAll
  void close() {
    codeMode.close();
  }

  private static RunContext run() {
    return RunContext.of("run-5", Principal.ofTenant("ana", Set.of("emea")));
  }

  private List<CallContext> flagsRun() {
    return tools.contexts.stream().filter(c -> c.method().equals("t.flag")).toList();
  }

  @Test
  void plan_readsRunAndWritesAreRecordedInOrderWithoutRunning() {
    Planning planning = codeMode.plan(FLAG_THREE, run());

    assertThat(planning.pass()).isInstanceOf(PassSuccess.class);
    assertThat(((PassSuccess) planning.pass()).result().toString())
        .isEqualTo("[\"true 2\",\"true 3\",\"true 4\"]");
    assertThat(planning.pass().calls())
        .extracting(CallRecord::method, CallRecord::status)
        .containsExactly(
            tuple("t.echo", CallStatus.SUCCEEDED),
            tuple("t.flag", CallStatus.PLANNED),
            tuple("t.flag", CallStatus.PLANNED),
            tuple("t.flag", CallStatus.PLANNED));
    assertThat(flagsRun()).isEmpty();
    Plan plan = planning.plan();
    assertThat(plan.reads())
        .singleElement()
        .satisfies(
            read -> {
              assertThat(read.method()).isEqualTo("t.echo");
              assertThat(read.result().toString()).isEqualTo("{\"value\":[\"a\",\"b\",\"c\"]}");
            });
    String readId = plan.reads().getFirst().callId();
    assertThat(plan.writes())
        .extracting(PlannedWrite::step, w -> w.arguments().toString(), PlannedWrite::dependsOn)
        .containsExactly(
            tuple(2, "{\"value\":\"a\"}", List.of(readId)),
            tuple(3, "{\"value\":\"b\"}", List.of(readId)),
            tuple(4, "{\"value\":\"c\"}", List.of(readId)));
    assertThat(plan.writes())
        .extracting(PlannedWrite::idempotencyKey)
        .containsExactly(plan.planId() + ":2", plan.planId() + ":3", plan.planId() + ":4");
  }

  @Test
  void apply_approvedPlan_runsEachWriteOnceInOrderWithItsKeyAndRecordsTheApproval() {
    Plan plan = Plan.fromJson(codeMode.plan(FLAG_THREE, run()).plan().toJson());

    PlanApplication applied = codeMode.apply(plan, APPROVED, run());

    assertThat(applied).isInstanceOf(PlanApplication.Applied.class);
    List<CallRecord> calls = ((PlanApplication.Applied) applied).calls();
    assertThat(calls).extracting(CallRecord::status).containsOnly(CallStatus.SUCCEEDED);
    assertThat(calls)
        .extracting(c -> c.approval().outcome(), c -> c.approval().decider())
        .containsOnly(tuple(ApprovalOutcome.APPROVED, "ana"));
    assertThat(flagsRun())
        .extracting(CallContext::idempotencyKey)
        .containsExactly(plan.planId() + ":2", plan.planId() + ":3", plan.planId() + ":4");
    // The audit sees the apply as a pass of the plan's principal whose calls were approved.
    String applyPass =
        calls.getFirst().callId().substring(0, calls.getFirst().callId().lastIndexOf(':'));
    assertThat(events)
        .filteredOn(e -> e instanceof PassStarted p && p.passId().equals(applyPass))
        .singleElement()
        .satisfies(e -> assertThat(((PassStarted) e).tenant()).containsExactly("emea"));
    assertThat(events)
        .filteredOn(e -> e instanceof CallEnded c && c.passId().equals(applyPass))
        .extracting(e -> ((CallEnded) e).approval().decider())
        .containsExactly("ana", "ana", "ana");

    PlanApplication again = codeMode.apply(plan, APPROVED, run());

    assertThat(again).isInstanceOf(PlanApplication.AlreadyApplied.class);
    assertThat(again.message()).contains("was already applied").contains("nothing was written");
    assertThat(flagsRun()).hasSize(3);
  }

  @Test
  void refusal_beforeAnyApproval_isNullForTheSignedPlanAndNamesChangedOrOtherPrincipal() {
    Plan plan = codeMode.plan(FLAG_THREE, run()).plan();
    ObjectNode changed = plan.toJson();
    ((ObjectNode) changed.get("writes").get(0).get("arguments")).put("value", "z");

    assertThat(codeMode.refusal(plan, run())).isNull();
    assertThat(codeMode.refusal(Plan.fromJson(changed), run()))
        .extracting(PlanApplication.Refused::reason)
        .isEqualTo(PlanApplication.Reason.CHANGED);
    assertThat(codeMode.refusal(plan, RunContext.of("run-6", Principal.unconfined("bob"))))
        .extracting(PlanApplication.Refused::reason)
        .isEqualTo(PlanApplication.Reason.OTHER_PRINCIPAL);
    assertThat(flagsRun()).isEmpty();
  }

  @Test
  void apply_changedArgument_isRefusedAndWritesNothing() {
    ObjectNode json = codeMode.plan(FLAG_THREE, run()).plan().toJson();
    ((ObjectNode) json.get("writes").get(1).get("arguments")).put("value", "z");

    PlanApplication applied = codeMode.apply(Plan.fromJson(json), APPROVED, run());

    assertThat(applied)
        .isInstanceOfSatisfying(
            PlanApplication.Refused.class,
            refused -> assertThat(refused.reason()).isEqualTo(PlanApplication.Reason.CHANGED));
    assertThat(flagsRun()).isEmpty();
  }

  @Test
  void apply_otherPrincipal_isRefusedAndWritesNothing() {
    Plan plan = codeMode.plan(FLAG_THREE, run()).plan();

    PlanApplication applied =
        codeMode.apply(plan, APPROVED, RunContext.of("run-6", Principal.unconfined("bob")));

    assertThat(applied)
        .isInstanceOfSatisfying(
            PlanApplication.Refused.class,
            refused ->
                assertThat(refused.reason()).isEqualTo(PlanApplication.Reason.OTHER_PRINCIPAL));
    assertThat(flagsRun()).isEmpty();
  }

  @Test
  void apply_failingWrite_stopsTheRestAndReportsTheLedgerStatuses() {
    Plan plan =
        codeMode
            .plan(
                """
                async () => {
                  for (const value of ['a', 'fail', 'c']) await t.flag({value});
                  return 'planned';
                }""",
                run())
            .plan();

    PlanApplication applied = codeMode.apply(plan, APPROVED, run());

    assertThat(applied)
        .isInstanceOfSatisfying(
            PlanApplication.Stopped.class,
            stopped -> {
              assertThat(stopped.calls())
                  .extracting(CallRecord::status, CallRecord::failureKind)
                  .containsExactly(
                      tuple(CallStatus.SUCCEEDED, null),
                      tuple(CallStatus.FAILED, "failed"),
                      tuple(CallStatus.NOT_STARTED, null));
              assertThat(stopped.message()).contains("the flag could not be written");
            });
    assertThat(flagsRun()).extracting(c -> c.idempotencyKey()).hasSize(2);
  }

  @Test
  void apply_samePlanTwiceAtOnce_writesOnce() throws Exception {
    Plan plan = codeMode.plan(FLAG_THREE, run()).plan();
    CountDownLatch go = new CountDownLatch(1);
    ExecutorService both = Executors.newFixedThreadPool(2);
    try {
      List<Future<PlanApplication>> applies =
          List.of(
              both.submit(
                  () -> {
                    go.await();
                    return codeMode.apply(plan, APPROVED, run());
                  }),
              both.submit(
                  () -> {
                    go.await();
                    return codeMode.apply(plan, APPROVED, run());
                  }));
      go.countDown();
      List<PlanApplication> outcomes = List.of(applies.get(0).get(), applies.get(1).get());

      assertThat(outcomes)
          .extracting(o -> o.getClass().getSimpleName())
          .containsExactlyInAnyOrder("Applied", "AlreadyApplied");
    } finally {
      both.shutdownNow();
    }
    assertThat(flagsRun()).hasSize(3);
  }

  @Test
  void apply_expiredPlan_isRefusedAndWritesNothing() throws Exception {
    try (CodeMode shortLived =
        tools
            .codeMode()
            .method("t", "flag", tools.flag())
            .includeDeclarations(false)
            .readyContexts(0)
            .planTtl(Duration.ofMillis(1))
            .build()) {
      Plan plan = shortLived.plan(FLAG_THREE, run()).plan();
      Poll.until(
          "the plan has expired",
          TestTools.PATIENCE,
          () -> Instant.now().isAfter(plan.expiresAt()));

      PlanApplication applied = shortLived.apply(plan, APPROVED, run());

      assertThat(applied)
          .isInstanceOfSatisfying(
              PlanApplication.Refused.class,
              refused -> assertThat(refused.reason()).isEqualTo(PlanApplication.Reason.EXPIRED));
    }
    assertThat(flagsRun()).isEmpty();
  }
}
