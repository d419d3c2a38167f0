package io.codemode4j.bridge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import io.codemode4j.bridge.approval.Approval;
import io.codemode4j.bridge.approval.ApprovalDecision;
import io.codemode4j.bridge.approval.ApprovalOutcome;
import io.codemode4j.bridge.approval.ApprovalRequest;
import io.codemode4j.bridge.event.CallEnded;
import io.codemode4j.bridge.event.PassListener;
import io.codemode4j.bridge.outcome.CallRecord;
import io.codemode4j.bridge.outcome.CallStatus;
import io.codemode4j.bridge.outcome.PassOutcome;
import io.codemode4j.bridge.outcome.PassSuccess;
import java.time.Duration;
import java.time.Instant;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Per-call approval with real GraalJS, run once per executor by its subclasses: {@code t.flag}
 * needs approval, and the run's channel decides by the call's {@code value} ({@code deny}, {@code
 * wait} never answers, {@code afterEcho} answers once a read has run, {@code boom} throws),
 * recording every request it sees. The worker's calls reach the parent's broker, so the channel is
 * asked on the host in both.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class ApprovalContract {

  private static final Duration MAX_WAIT = Duration.ofSeconds(2);

  private final TestTools tools = new TestTools();
  private final ConcurrentLinkedQueue<ApprovalRequest> requests = new ConcurrentLinkedQueue<>();
  private final ConcurrentLinkedQueue<CallEnded> ended = new ConcurrentLinkedQueue<>();
  private final CountDownLatch neverAnswered = new CountDownLatch(1);
  private volatile CountDownLatch withdrawn = new CountDownLatch(1);
  private final CodeMode codeMode;

  ApprovalContract(Isolation isolation) {
    this.codeMode =
        tools
            .codeMode()
            .method("t", "flag", tools.flag())
            .isolation(isolation)
            .includeDeclarations(false)
            .maxApprovalWait(MAX_WAIT)
            .listener(
                new PassListener() {
                  @Override
                  public void onCallEnded(CallEnded event) {
                    ended.add(event);
                  }
                })
            .build();
    codeMode.warmUp(2);
  }

  private ApprovalDecision decide(ApprovalRequest request) throws Exception {
    requests.add(request);
    return switch (request.arguments().path("value").asString("")) {
      case "deny" -> ApprovalDecision.deny("ana", "not this invoice");
      case "wait" -> {
        try {
          neverAnswered.await();
        } catch (InterruptedException e) {
          withdrawn.countDown();
          throw e;
        }
        yield ApprovalDecision.approve("ana", "too late");
      }
      case "afterEcho" -> {
        tools.gate("echoed").await();
        yield ApprovalDecision.approve("ana", "after the read");
      }
      case "boom" -> throw new IllegalStateException("the review queue is down");
      case "overflow" -> throw new StackOverflowError();
      case "silent" -> null;
      default -> ApprovalDecision.approve("ana", "looks right");
    };
  }

  @BeforeEach
  void reset() {
    requests.clear();
    ended.clear();
    tools.started.set(0);
    withdrawn = new CountDownLatch(1);
  }

  @AfterAll
  void close() {
    neverAnswered.countDown();
    codeMode.close();
  }

  private RunContext run(RunBudget budget) {
    return new RunContext(
            "run-7", "outer-call-2", Principal.ofTenant("ana", Set.of("emea")), budget, null)
        .withApproval(this::decide);
  }

  private static RunContext runWithoutChannel(RunBudget budget) {
    return new RunContext(
        "run-8", "outer-call-4", Principal.ofTenant("ana", Set.of("emea")), budget, null);
  }

  private static PassSuccess success(PassOutcome outcome) {
    assertThat(outcome).isInstanceOf(PassSuccess.class);
    return (PassSuccess) outcome;
  }

  private static final String SETTLE =
      """
      async () => { try { return (await t.flag({value: '%s'})).value }
                    catch (e) { return e.kind + ': ' + e.message } }""";

  @Test
  void run_approvedCall_runsIsChargedAndRecordsWhoApproved() {
    RunBudget budget = RunBudget.of(5);
    Instant before = Instant.now();

    PassSuccess pass = success(codeMode.run(SETTLE.formatted("INV-1"), run(budget)));

    assertThat(pass.result().asString()).isEqualTo("INV-1");
    assertThat(tools.started.get()).isEqualTo(1);
    assertThat(budget.remaining()).isEqualTo(4);
    CallRecord call = pass.calls().getFirst();
    assertThat(call.status()).isEqualTo(CallStatus.SUCCEEDED);
    assertThat(call.approval())
        .extracting(Approval::outcome, Approval::decider, Approval::reason)
        .containsExactly(ApprovalOutcome.APPROVED, "ana", "looks right");
    assertThat(call.approval().decidedAt()).isAfterOrEqualTo(before);
    assertThat(ended).extracting(CallEnded::approval).containsExactly(call.approval());
    ApprovalRequest request = requests.peek();
    assertThat(request.toolName()).isEqualTo("flag");
    assertThat(request.method()).isEqualTo("t.flag");
    assertThat(request.arguments().toString()).isEqualTo("{\"value\":\"INV-1\"}");
    assertThat(request.principal().tenant()).containsExactly("emea");
    assertThat(request.call().runId()).isEqualTo("run-7");
    assertThat(request.call().parentCallId()).isEqualTo("outer-call-2");
    assertThat(request.call().passId()).isEqualTo(pass.passId());
    assertThat(request.call().callId()).isEqualTo(call.callId());
  }

  @Test
  void run_deniedCall_rejectsDeniedNamingTheDeciderNeverRunsAndIsNotCharged() {
    RunBudget budget = RunBudget.of(5);

    PassSuccess pass = success(codeMode.run(SETTLE.formatted("deny"), run(budget)));

    assertThat(pass.result().asString())
        .isEqualTo("denied: t.flag was denied by ana: not this invoice (the call did not run)");
    assertThat(tools.started.get()).isZero();
    assertThat(budget.remaining()).isEqualTo(5);
    assertThat(pass.calls())
        .extracting(CallRecord::status, CallRecord::failureKind, c -> c.approval().outcome())
        .containsExactly(tuple(CallStatus.FAILED, "denied", ApprovalOutcome.DENIED));
    assertThat(ended).extracting(e -> e.approval().decider()).containsExactly("ana");
  }

  @Test
  void run_noDecisionWithinMaxApprovalWait_rejectsTimeoutNamingTheLimitAndWithdrawsTheQuestion()
      throws InterruptedException {
    RunBudget budget = RunBudget.of(5);

    PassSuccess pass = success(codeMode.run(SETTLE.formatted("wait"), run(budget)));

    assertThat(pass.result().asString())
        .isEqualTo(
            "timeout: no approval decision for t.flag within 2s (maxApprovalWait), so the call did"
                + " not run");
    withdrawn.await();
    assertThat(tools.started.get()).isZero();
    assertThat(budget.remaining()).isEqualTo(5);
    assertThat(pass.calls())
        .extracting(CallRecord::failureKind, c -> c.approval().outcome())
        .containsExactly(tuple("timeout", ApprovalOutcome.TIMED_OUT));
    assertThat(pass.calls().getFirst().approval().decider()).isEqualTo(Approval.NO_DECIDER);
  }

  @Test
  void run_noChannel_offersTheToolButDeniesEveryCallNamingTheMissingApproval() {
    RunBudget budget = RunBudget.of(5);

    PassSuccess pass = success(codeMode.run(SETTLE.formatted("INV-1"), runWithoutChannel(budget)));

    assertThat(pass.result().asString())
        .startsWith(
            "denied: t.flag needs a person's approval and this run has no approval channel");
    assertThat(tools.started.get()).isZero();
    assertThat(budget.remaining()).isEqualTo(5);
    assertThat(pass.calls())
        .extracting(CallRecord::failureKind, c -> c.approval().outcome())
        .containsExactly(tuple("denied", ApprovalOutcome.NO_CHANNEL));
    assertThat(codeMode.methods()).contains("t.flag");
  }

  @ParameterizedTest
  @CsvSource({
    "boom,     failed,        FAILED",
    "overflow, failed,        FAILED",
    "silent,   answered null, FAILED",
  })
  void run_hostileChannel_deniesTheCallRecordsWhyAndThePassGoesOn(
      String value, String what, ApprovalOutcome outcome) {
    PassSuccess pass =
        success(
            codeMode.run(
                """
                async () => {
                  let first;
                  try { await t.flag({value: '%s'}); first = 'ran'; }
                  catch (e) { first = e.kind + ': ' + e.message; }
                  return [first, (await t.flag({value: 'next'})).value];
                }"""
                    .formatted(value),
                run(RunBudget.of(5))));

    assertThat(pass.result().get(0).asString())
        .isEqualTo(
            "denied: the approval channel "
                + what
                + " for t.flag, so the call did not run (the host's log has the details)");
    assertThat(pass.result().get(1).asString()).isEqualTo("next");
    assertThat(pass.calls())
        .extracting(CallRecord::status, c -> c.approval().outcome())
        .containsExactly(
            tuple(CallStatus.FAILED, outcome),
            tuple(CallStatus.SUCCEEDED, ApprovalOutcome.APPROVED));
    assertThat(tools.started.get()).isEqualTo(1);
  }

  @Test
  void run_callWaitingForApproval_letsTheProgramsOtherCallsRun() {
    PassSuccess pass =
        success(
            codeMode.run(
                """
                async () => {
                  const [flagged, read] = await Promise.all([
                    t.flag({value: 'afterEcho'}), t.echo({value: 'read', open: 'echoed'})]);
                  return [flagged.value, read.value];
                }""",
                run(RunBudget.of(5))));

    assertThat(pass.result().toString()).isEqualTo("[\"afterEcho\",\"read\"]");
    assertThat(pass.calls())
        .extracting(CallRecord::method, CallRecord::status)
        .containsExactly(
            tuple("t.flag", CallStatus.SUCCEEDED), tuple("t.echo", CallStatus.SUCCEEDED));
  }
}
