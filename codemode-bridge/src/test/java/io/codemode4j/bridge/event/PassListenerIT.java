package io.codemode4j.bridge.event;

import static org.assertj.core.api.Assertions.assertThat;

import io.codemode4j.bridge.CodeExecutionLimits;
import io.codemode4j.bridge.CodeMode;
import io.codemode4j.bridge.Isolation;
import io.codemode4j.bridge.Principal;
import io.codemode4j.bridge.RunContext;
import io.codemode4j.bridge.TestTools;
import io.codemode4j.bridge.outcome.CallRecord;
import io.codemode4j.bridge.outcome.CallStatus;
import io.codemode4j.bridge.outcome.FailureKind;
import io.codemode4j.bridge.outcome.PassOutcome;
import io.codemode4j.bridge.outcome.PassReport;
import io.codemode4j.bridge.tool.ToolFailure;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The events a {@link PassListener} receives, in order and content, on both executors: the calls of
 * a worker process are brokered in this JVM, so its listeners see the same events.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class PassListenerIT {

  private static final String THROWING = "throwing-";

  /** Every event of every pass, in delivery order. */
  private final CopyOnWriteArrayList<PassEvent> events = new CopyOnWriteArrayList<>();

  private final CopyOnWriteArrayList<PassReport> reports = new CopyOnWriteArrayList<>();
  private final Map<String, CodeMode> codeModes = new LinkedHashMap<>();

  /** Throws from every callback, but only for runs whose id starts with {@value #THROWING}. */
  private static final class ThrowingListener implements PassListener {
    private static void maybeThrow(PassEvent event) {
      if (event.runId().startsWith(THROWING)) {
        throw new IllegalStateException("listener bug on " + event.getClass().getSimpleName());
      }
    }

    @Override
    public void onPassStarted(PassStarted event) {
      maybeThrow(event);
    }

    @Override
    public void onCallAdmitted(CallAdmitted event) {
      maybeThrow(event);
    }

    @Override
    public void onCallStarted(CallStarted event) {
      maybeThrow(event);
    }

    @Override
    public void onCallEnded(CallEnded event) {
      throw new AssertionError("an error, not an exception, for " + event.callId());
    }

    @Override
    public void onPassEnded(PassEnded event) {
      maybeThrow(event);
    }
  }

  private final class Recorder implements PassListener {
    @Override
    public void onPassStarted(PassStarted event) {
      events.add(event);
    }

    @Override
    public void onCallAdmitted(CallAdmitted event) {
      events.add(event);
    }

    @Override
    public void onCallStarted(CallStarted event) {
      events.add(event);
    }

    @Override
    public void onCallEnded(CallEnded event) {
      events.add(event);
    }

    @Override
    public void onPassEnded(PassEnded event) {
      events.add(event);
    }
  }

  @BeforeAll
  void build() {
    for (Isolation isolation : List.of(Isolation.inProcess(), new Isolation.Process(1, 256))) {
      CodeMode codeMode =
          new TestTools()
              .codeMode()
              .isolation(isolation)
              .limits(
                  CodeExecutionLimits.defaults()
                      .withMaxHostCallConcurrency(2)
                      .withMaxWallTime(Duration.ofSeconds(2)))
              .listener(new ThrowingListener())
              .listener(new Recorder())
              .onPassExit(reports::add)
              .build();
      codeMode.warmUp(1);
      codeModes.put(isolation instanceof Isolation.InProcess ? "in-process" : "process", codeMode);
    }
  }

  @AfterAll
  void close() {
    codeModes.values().forEach(CodeMode::close);
  }

  Stream<String> executors() {
    return Stream.of("in-process", "process");
  }

  private RunContext run(String prefix) {
    return RunContext.of(prefix + UUID.randomUUID(), Principal.unconfined("ana"));
  }

  private List<PassEvent> eventsOf(RunContext run) {
    return events.stream().filter(e -> e.runId().equals(run.runId())).toList();
  }

  /**
   * The order every pass keeps: started first, ended last, and per call admitted, then started,
   * then exactly one ended.
   */
  private static void assertOrdered(List<PassEvent> events, PassOutcome outcome) {
    assertThat(events).first().isInstanceOf(PassStarted.class);
    assertThat(events).last().isInstanceOf(PassEnded.class);
    assertThat(events).allSatisfy(e -> assertThat(e.passId()).isEqualTo(outcome.passId()));
    Map<String, List<Class<?>>> perCall = new LinkedHashMap<>();
    for (PassEvent event : events) {
      if (event instanceof CallEvent call) {
        perCall.computeIfAbsent(call.callId(), id -> new ArrayList<>()).add(call.getClass());
      }
    }
    assertThat(perCall.keySet())
        .containsExactlyElementsOf(outcome.calls().stream().map(CallRecord::callId).toList());
    assertThat(perCall.values())
        .allSatisfy(
            sequence ->
                assertThat(sequence)
                    .isIn(
                        List.of(CallAdmitted.class, CallStarted.class, CallEnded.class),
                        List.of(CallAdmitted.class, CallEnded.class),
                        List.of(CallEnded.class)));
  }

  private static List<CallEnded> ended(List<PassEvent> events) {
    return events.stream()
        .filter(CallEnded.class::isInstance)
        .map(CallEnded.class::cast)
        .sorted((a, b) -> a.callId().compareTo(b.callId()))
        .toList();
  }

  private static PassEnded passEnded(List<PassEvent> events) {
    return (PassEnded) events.getLast();
  }

  @ParameterizedTest
  @MethodSource("executors")
  void run_twoConcurrentCalls_emitsEachCallsEventsInOrderAndBothStartBeforeEitherEnds(
      String executor) {
    RunContext run = run("concurrent-");
    PassOutcome outcome =
        codeModes
            .get(executor)
            .run(
                // Each call opens the other's gate and waits at its own: neither can end before
                // both have started.
                "async () => Promise.all([t.echo({value: 1, open: 'a', gate: 'b'}),"
                    + " t.echo({value: 2, open: 'b', gate: 'a'})])",
                run);

    assertThat(outcome.ok()).isTrue();
    List<PassEvent> events = eventsOf(run);
    assertOrdered(events, outcome);
    assertThat(events)
        .extracting(e -> e.getClass().getSimpleName())
        .startsWith("PassStarted", "CallAdmitted")
        .endsWith("CallEnded", "CallEnded", "PassEnded")
        .containsOnlyOnce("PassStarted", "PassEnded")
        .filteredOn("CallStarted"::equals)
        .hasSize(2);
    PassStarted started = (PassStarted) events.getFirst();
    assertThat(started.parentCallId()).isEqualTo(run.parentCallId());
    assertThat(started.toolName()).isEqualTo("run_javascript");
    assertThat(started.principalId()).isEqualTo("ana");
    assertThat(ended(events))
        .allSatisfy(
            call -> {
              assertThat(call.method()).isEqualTo("t.echo");
              assertThat(call.tool()).isEqualTo("echo");
              assertThat(call.status()).isEqualTo(CallStatus.SUCCEEDED);
              assertThat(call.failureKind()).isNull();
              assertThat(call.startedAt()).isAfterOrEqualTo(call.invokedAt());
              assertThat(call.duration()).isPositive();
            });
    PassEnded passEnded = passEnded(events);
    assertThat(passEnded.ok()).isTrue();
    assertThat(passEnded.startedAt()).isEqualTo(started.startedAt());
    assertThat(passEnded.calls()).isEqualTo(outcome.calls());
    assertThat(reports).contains(passEnded.report());
  }

  @ParameterizedTest
  @MethodSource("executors")
  void run_failingCalls_endFailedWithTheirKindAndOnlyARunHandlerStarts(String executor) {
    RunContext run = run("failing-");
    PassOutcome outcome =
        codeModes
            .get(executor)
            .run(
                """
                async () => {
                  try { await t.fail({kind: 'refused', message: 'declined'}); } catch (e) {}
                  try { await t.echo({}); } catch (e) {}
                  return 'done';
                }""",
                run);

    assertThat(outcome.ok()).isTrue();
    List<PassEvent> events = eventsOf(run);
    assertOrdered(events, outcome);
    assertThat(events)
        .extracting(e -> e.getClass().getSimpleName())
        .containsExactly(
            "PassStarted",
            "CallAdmitted",
            "CallStarted",
            "CallEnded",
            "CallAdmitted",
            "CallEnded",
            "PassEnded");
    assertThat(ended(events))
        .extracting(
            CallEnded::method,
            CallEnded::status,
            CallEnded::failureKind,
            c -> c.startedAt() != null)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple(
                "t.fail", CallStatus.FAILED, ToolFailure.Kind.REFUSED, true),
            org.assertj.core.groups.Tuple.tuple(
                "t.echo", CallStatus.FAILED, ToolFailure.Kind.INVALID_ARGUMENTS, false));
    assertThat(ended(events).get(1).duration()).isZero();
    // The failure's message is what the program saw (an audit needs a denial's reason); the
    // arguments, which no listener here asked for, are not carried.
    assertThat(ended(events).getFirst().failureMessage()).isEqualTo("declined");
    assertThat(events)
        .filteredOn(CallAdmitted.class::isInstance)
        .allSatisfy(e -> assertThat(((CallAdmitted) e).argumentsJson()).isNull());
  }

  @ParameterizedTest
  @MethodSource("executors")
  void run_timeoutWithCallsInFlightAndQueued_endsThemUncertainAndNotStartedBeforeThePass(
      String executor) {
    RunContext run = run("timeout-");
    PassOutcome outcome =
        codeModes
            .get(executor)
            .run("async () => Promise.all([t.block({}), t.block({}), t.echo({value: 1})])", run);

    List<PassEvent> events = eventsOf(run);
    assertOrdered(events, outcome);
    assertThat(ended(events))
        .extracting(CallEnded::method, CallEnded::status)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple("t.block", CallStatus.UNCERTAIN),
            org.assertj.core.groups.Tuple.tuple("t.block", CallStatus.UNCERTAIN),
            org.assertj.core.groups.Tuple.tuple("t.echo", CallStatus.NOT_STARTED));
    CallEnded uncertain = ended(events).getFirst();
    assertThat(uncertain.startedAt()).isNotNull();
    assertThat(uncertain.duration()).isGreaterThan(Duration.ofMillis(1000));
    CallEnded notStarted = ended(events).getLast();
    assertThat(notStarted.startedAt()).isNull();
    assertThat(notStarted.duration()).isZero();
    PassEnded passEnded = passEnded(events);
    assertThat(passEnded.failure()).isEqualTo(FailureKind.TIMEOUT);
    assertThat(passEnded.ok()).isFalse();
    assertThat(passEnded.report().failure()).isEqualTo(FailureKind.TIMEOUT);
    assertThat(passEnded.calls())
        .extracting(CallRecord::status)
        .containsExactly(CallStatus.UNCERTAIN, CallStatus.UNCERTAIN, CallStatus.NOT_STARTED);
  }

  @ParameterizedTest
  @MethodSource("executors")
  void run_throwingListener_neitherBreaksThePassNorReachesTheModelNorSilencesOthers(
      String executor) {
    RunContext run = run(THROWING);
    PassOutcome outcome =
        codeModes.get(executor).run("async () => (await t.echo({value: 'fine'})).value", run);

    assertThat(outcome.ok()).isTrue();
    assertThat(outcome.egress().json().get("result").asString()).isEqualTo("fine");
    assertThat(outcome.egress().json().toString())
        .doesNotContain("listener bug")
        .doesNotContain("an error, not an exception");
    assertThat(outcome.calls())
        .extracting(CallRecord::status)
        .containsExactly(CallStatus.SUCCEEDED);
    List<PassEvent> events = eventsOf(run);
    assertOrdered(events, outcome);
    assertThat(events).hasSize(5);
    assertThat(reports).contains(passEnded(events).report());
  }
}
