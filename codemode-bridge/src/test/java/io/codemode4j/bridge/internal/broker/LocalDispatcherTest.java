package io.codemode4j.bridge.internal.broker;

import static org.assertj.core.api.Assertions.assertThat;

import io.codemode4j.bridge.CodeExecutionLimits;
import io.codemode4j.bridge.TestTools;
import io.codemode4j.bridge.outcome.CallRecord;
import io.codemode4j.bridge.outcome.CallStatus;
import io.codemode4j.bridge.tool.Tool;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The dispatcher's hold, release and concurrency bound, over a real broker but no engine. */
class LocalDispatcherTest {

  private static final String ECHO_ARGS = "{\"value\":1}";

  private final TestTools tools = new TestTools();
  private final Broker broker =
      new Broker(
          Map.of(
              "t.echo",
              binding("t.echo", tools.echo()),
              "t.block",
              binding("t.block", tools.block())));

  private LocalDispatcher dispatcher(boolean holdLoneCall, int concurrency) {
    return new LocalDispatcher(
        broker,
        "p",
        TestTools.run(),
        CodeExecutionLimits.defaults().withMaxHostCallConcurrency(concurrency),
        holdLoneCall);
  }

  private static CompletableFuture<CallDispatcher.Completion> call(
      LocalDispatcher dispatcher, String method, String args) {
    CompletableFuture<CallDispatcher.Completion> done = new CompletableFuture<>();
    dispatcher.call(method, args, done::complete);
    return done;
  }

  @Test
  void takeHeldCall_loneCall_runsOnTheTakingThread() {
    LocalDispatcher dispatcher = dispatcher(true, 4);
    CompletableFuture<CallDispatcher.Completion> done = call(dispatcher, "t.echo", ECHO_ARGS);

    assertThat(tools.started.get()).isZero();
    Runnable held = dispatcher.takeHeldCall();
    assertThat(held).isNotNull();
    held.run();

    assertThat(done).isCompletedWithValue(new CallDispatcher.Completion(false, ECHO_ARGS));
    assertThat(tools.onVirtualThread).containsExactly(false);
    assertThat(dispatcher.takeHeldCall()).isNull();
  }

  @Test
  void takeHeldCall_withoutHolding_isNullAndTheCallRunsOnItsOwnThread() throws Exception {
    LocalDispatcher dispatcher = dispatcher(false, 4);
    CompletableFuture<CallDispatcher.Completion> done = call(dispatcher, "t.echo", ECHO_ARGS);

    assertThat(dispatcher.takeHeldCall()).isNull();
    assertThat(done.get(5, TimeUnit.SECONDS).json()).isEqualTo(ECHO_ARGS);
    assertThat(tools.onVirtualThread).containsExactly(true);
  }

  @Test
  void call_secondCall_releasesTheHeldOneSoBothRunTogether() throws Exception {
    LocalDispatcher dispatcher = dispatcher(true, 4);
    CompletableFuture<CallDispatcher.Completion> first = call(dispatcher, "t.echo", ECHO_ARGS);
    CompletableFuture<CallDispatcher.Completion> second = call(dispatcher, "t.echo", ECHO_ARGS);

    assertThat(dispatcher.takeHeldCall()).isNull();
    CompletableFuture.allOf(first, second).get(5, TimeUnit.SECONDS);
    assertThat(tools.onVirtualThread).containsExactly(true, true);
  }

  @Test
  void call_refusedByTheBroker_completesAtOnceAndHoldsNothing() {
    LocalDispatcher dispatcher = dispatcher(true, 4);

    CompletableFuture<CallDispatcher.Completion> refused = call(dispatcher, "t.nope", "{}");

    assertThat(refused).isCompleted();
    assertThat(refused.join().failure()).isTrue();
    assertThat(refused.join().json()).contains("\"kind\":\"refused\"");
    assertThat(dispatcher.takeHeldCall()).isNull();
  }

  @ParameterizedTest(name = "after {0} ticks, held: {1}")
  @CsvSource({"0, true", "1, true", "2, false", "3, false"})
  void releaseHeldCall_ticks_releaseTheLoneCallAtTheSecond(int ticks, boolean stillHeld)
      throws Exception {
    LocalDispatcher dispatcher = dispatcher(true, 4);
    CompletableFuture<CallDispatcher.Completion> done = call(dispatcher, "t.echo", ECHO_ARGS);

    for (int i = 0; i < ticks; i++) {
      dispatcher.releaseHeldCall();
    }

    Runnable held = dispatcher.takeHeldCall();
    assertThat(held != null).isEqualTo(stillHeld);
    if (held != null) {
      held.run();
    }
    assertThat(done.get(5, TimeUnit.SECONDS).json()).isEqualTo(ECHO_ARGS);
    assertThat(tools.onVirtualThread).containsExactly(!stillHeld);
  }

  @Test
  void call_overTheConcurrencyBound_waitsNotStartedUntilARunningCallCompletes() throws Exception {
    LocalDispatcher dispatcher = dispatcher(false, 1);
    CompletableFuture<CallDispatcher.Completion> blocked = call(dispatcher, "t.block", "{}");
    CompletableFuture<CallDispatcher.Completion> waiting = call(dispatcher, "t.echo", ECHO_ARGS);
    tools.awaitStarted(1);

    // A start that never happens cannot be awaited. call() decides synchronously whether a call
    // starts, so an echo it had started would run beside the block, which holds until released
    // below, and show in maxActive.
    assertThat(tools.started.get()).isEqualTo(1);
    assertThat(waiting).isNotDone();

    tools.release.countDown();
    CompletableFuture.allOf(blocked, waiting).get(5, TimeUnit.SECONDS);
    assertThat(tools.maxActive.get()).isEqualTo(1);
  }

  @Test
  void close_heldCall_isNeverRunAndStaysNotStarted() {
    LocalDispatcher dispatcher = dispatcher(true, 4);
    CompletableFuture<CallDispatcher.Completion> done = call(dispatcher, "t.echo", ECHO_ARGS);

    assertThat(dispatcher.close())
        .singleElement()
        .extracting(CallRecord::status)
        .isEqualTo(CallStatus.NOT_STARTED);
    assertThat(dispatcher.takeHeldCall()).isNull();
    assertThat(done).isNotDone();
    assertThat(tools.started.get()).isZero();
  }

  private static Broker.Binding binding(String path, Tool tool) {
    return new Broker.Binding(
        path,
        tool,
        SchemaValidator.compile("p", tool.spec().parameters()),
        SchemaValidator.compile("s", tool.spec().success()));
  }
}
