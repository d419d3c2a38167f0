package io.codemode4j.bridge.internal.worker;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import io.codemode4j.bridge.CodeExecutionLimits;
import io.codemode4j.bridge.Isolation;
import io.codemode4j.bridge.Poll;
import io.codemode4j.bridge.TestTools;
import io.codemode4j.bridge.event.PassListener;
import io.codemode4j.bridge.internal.broker.Broker;
import io.codemode4j.bridge.internal.broker.GuardedListeners;
import io.codemode4j.bridge.internal.broker.SchemaValidator;
import io.codemode4j.bridge.internal.engine.PassResult;
import io.codemode4j.bridge.outcome.CallRecord;
import io.codemode4j.bridge.outcome.CallStatus;
import io.codemode4j.bridge.outcome.FailureKind;
import io.codemode4j.bridge.outcome.Limit;
import io.codemode4j.bridge.outcome.LogEntry;
import io.codemode4j.bridge.tool.Tool;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The worker-process executor on its own: real worker JVMs, the parent's broker and ledger. */
class WorkerProcessExecutorIT {

  private static final String NAMESPACES = "{\"t\":[\"echo\",\"fail\",\"block\",\"big\"]}";

  private static TestTools tools;
  private static Broker broker;
  private static WorkerProcessExecutor executor;

  @BeforeAll
  static void start() {
    tools = new TestTools();
    broker = brokerOf(tools);
    executor = new WorkerProcessExecutor(new Isolation.Process(2, 256));
  }

  private static Broker brokerOf(TestTools tools) {
    return new Broker(bindings(tools));
  }

  /** A broker whose ledgers report to {@code listener}. */
  private static Broker brokerOf(TestTools tools, PassListener listener) {
    return new Broker(bindings(tools), GuardedListeners.of(List.of(listener)), null, List.of());
  }

  private static Map<String, Broker.Binding> bindings(TestTools tools) {
    Map<String, Broker.Binding> bindings = new LinkedHashMap<>();
    for (Tool tool : List.of(tools.echo(), tools.fail(), tools.block(), tools.big())) {
      String path = "t." + tool.name();
      bindings.put(
          path,
          new Broker.Binding(
              path,
              tool,
              SchemaValidator.compile("p", tool.spec().parameters()),
              SchemaValidator.compile("s", tool.spec().success())));
    }
    return bindings;
  }

  @AfterAll
  static void stop() {
    executor.close();
  }

  private static PassResult run(String code, CodeExecutionLimits limits) {
    return executor.execute(
        broker,
        "pass-" + System.nanoTime(),
        code,
        NAMESPACES,
        TestTools.run(),
        limits,
        limits.maxWallTime().toNanos());
  }

  @Test
  void execute_workerWhoseJvmWritesToStdout_runsItsPassesAsAnyOther() {
    try (WorkerProcessExecutor noisy =
        new WorkerProcessExecutor(
            new Isolation.Process(1, 256), Duration.ofSeconds(60), NoisyWorkerMain.class)) {
      CodeExecutionLimits limits = CodeExecutionLimits.defaults();
      PassResult result =
          noisy.execute(
              broker,
              "pass-noisy",
              "async () => (await t.echo({value: 42})).value",
              NAMESPACES,
              TestTools.run(),
              limits,
              limits.maxWallTime().toNanos());

      assertThat(result.failure()).as(result.message()).isNull();
      assertThat(result.result().toString()).isEqualTo("42");
      assertThat(result.calls())
          .extracting(CallRecord::status)
          .containsExactly(CallStatus.SUCCEEDED);
    }
  }

  @Test
  void execute_workerSendingAnUnknownFrame_failsInternalAndReplacesIt() throws Exception {
    try (WorkerProcessExecutor rogue =
        new WorkerProcessExecutor(
            new Isolation.Process(1, 256), Duration.ofSeconds(60), RogueWorkerMain.class)) {
      CodeExecutionLimits limits = CodeExecutionLimits.defaults();
      for (int pass = 0; pass < 2; pass++) {
        // The executor announces no worker's start: poll for the process.
        Poll.until(
            "the rogue worker is up", TestTools.PATIENCE, () -> !rogue.processes().isEmpty());
        ProcessHandle before = rogue.processes().getFirst();
        PassResult result =
            rogue.execute(
                broker,
                "pass-rogue-" + pass,
                "async () => 1",
                NAMESPACES,
                TestTools.run(),
                limits,
                limits.maxWallTime().toNanos());

        assertThat(result.failure()).isEqualTo(FailureKind.INTERNAL);
        assertThat(result.message())
            .isEqualTo(
                "the worker process broke the frame protocol and was replaced: refused a frame of"
                    + " type 'dnoe': no such frame type (this side accepts ready, call, done)");
        assertThat(rogue.processes()).doesNotContain(before);
      }
    }
  }

  @Test
  void close_whileAWorkerStarts_killsItWithoutWaitingForItsReadyFrame() throws Exception {
    WorkerProcessExecutor starting =
        new WorkerProcessExecutor(
            new Isolation.Process(1, 256), Duration.ofSeconds(60), SilentWorkerMain.class);
    // The executor announces no worker's launch: poll for the process.
    Poll.until(
        "the silent worker is launched", TestTools.PATIENCE, () -> !starting.processes().isEmpty());
    ProcessHandle worker = starting.processes().getFirst();

    starting.close();

    // Well inside the 60s a worker may take to say it is ready, which it never does.
    Poll.until("the starting worker is gone", Duration.ofSeconds(20), () -> !worker.isAlive());
    assertThat(starting.processes()).isEmpty();
  }

  @Test
  void execute_noWorkerFreeWithinTheWait_failsTimeoutSayingHowToFix() throws Exception {
    TestTools own = new TestTools();
    Broker ownBroker = brokerOf(own);
    CodeExecutionLimits limits = CodeExecutionLimits.defaults();
    try (WorkerProcessExecutor one =
        new WorkerProcessExecutor(new Isolation.Process(1, 256), Duration.ofSeconds(1))) {
      // The holder waits out the worker's start (its own wall time is 60 s), then blocks it.
      Thread holder =
          Thread.ofPlatform()
              .start(
                  () ->
                      one.execute(
                          ownBroker,
                          "pass-holder",
                          "async () => t.block({})",
                          NAMESPACES,
                          TestTools.run(),
                          limits,
                          Duration.ofSeconds(60).toNanos()));
      own.awaitStarted(1);
      assertThat(own.started.get()).as("the holder's call started").isEqualTo(1);

      PassResult waiting =
          one.execute(
              ownBroker,
              "pass-waiting",
              "async () => 1",
              NAMESPACES,
              TestTools.run(),
              limits,
              Duration.ofSeconds(1).toNanos());

      assertThat(waiting.failure()).isEqualTo(FailureKind.TIMEOUT);
      assertThat(waiting.message())
          .isEqualTo(
              WorkerProcessExecutor.NO_FREE_WORKER
                  + " within 1s: all 1 workers "
                  + "were busy; run fewer passes at once or use more workers (Isolation.Process)");
      assertThat(waiting.calls()).isEmpty();
      own.release.countDown();
      holder.join(Duration.ofSeconds(10));
      assertThat(holder.isAlive()).isFalse();
    }
  }

  @Test
  void execute_programWithCalls_returnsItsResultAndTheParentsLedger() {
    PassResult result =
        run(
            """
        async () => {
          console.log('in the worker');
          const [a, b] = await Promise.all([t.echo({value: 1, gate: 'second'}), t.echo({value: 2, open: 'second'})]);
          try { await t.fail({kind: 'refused', message: 'no'}); } catch (e) { return [a.value, b.value, e.kind]; }
        }""",
            CodeExecutionLimits.defaults());
    assertThat(result.failure()).isNull();
    assertThat(result.result().toString()).isEqualTo("[1,2,\"refused\"]");
    assertThat(result.logs()).containsExactly(new LogEntry(LogEntry.Level.LOG, "in the worker"));
    assertThat(result.calls())
        .extracting(CallRecord::status)
        .containsExactly(CallStatus.SUCCEEDED, CallStatus.SUCCEEDED, CallStatus.FAILED);
  }

  @Test
  void execute_heapBomb_killsOnlyItsWorkerAndTheNextPassRuns() {
    CodeExecutionLimits limits =
        CodeExecutionLimits.defaults().withMaxAllocatedBytes(64L * 1024 * 1024 * 1024);
    PassResult result =
        run(
            """
        async () => {
          const inFlight = t.block({});
          const keep = [];
          for (;;) keep.push(new Array(100000).fill(1.5));
        }""",
            limits);
    assertThat(result.failure()).isEqualTo(FailureKind.LIMIT);
    assertThat(result.limit()).isEqualTo(Limit.MEMORY);
    assertThat(result.message()).contains("heap of 256 MiB");
    assertThat(result.calls()).extracting(CallRecord::status).containsExactly(CallStatus.UNCERTAIN);

    PassResult next =
        run("async () => (await t.echo({value: 'alive'})).value", CodeExecutionLimits.defaults());
    assertThat(next.result().asString()).isEqualTo("alive");
  }

  @Test
  void execute_runawayLoop_endsWithTheWorkersOwnLimit() {
    PassResult result =
        run(
            "async () => { for (;;) {} }",
            CodeExecutionLimits.defaults().withMaxWallTime(Duration.ofMillis(500)));
    assertThat(result.failure()).isEqualTo(FailureKind.TIMEOUT);
  }

  @Test
  void execute_killedWorker_endsThePassWithInFlightCallsUncertainAndQueuedNotStarted()
      throws Exception {
    CodeExecutionLimits limits = CodeExecutionLimits.defaults().withMaxHostCallConcurrency(1);
    TestTools own = new TestTools();
    Broker watched = brokerOf(own, own.admissions());
    // Killed once the block runs and the echo waits behind it (both admitted by the parent).
    Thread killer =
        Thread.ofVirtual()
            .start(
                () -> {
                  try {
                    own.awaitStarted(1);
                    own.awaitAdmitted(2);
                    executor.processes().forEach(ProcessHandle::destroyForcibly);
                  } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                  }
                });
    PassResult result =
        executor.execute(
            watched,
            "pass-" + System.nanoTime(),
            "async () => Promise.all([t.block({}), t.echo({value: 1})])",
            NAMESPACES,
            TestTools.run(),
            limits,
            limits.maxWallTime().toNanos());
    killer.join();
    assertThat(result.failure()).isEqualTo(FailureKind.INTERNAL);
    assertThat(result.message()).contains("the worker process died");
    assertThat(result.calls())
        .extracting(CallRecord::status)
        .containsExactly(CallStatus.UNCERTAIN, CallStatus.NOT_STARTED);

    PassResult next = run("async () => 'replaced'", CodeExecutionLimits.defaults());
    assertThat(next.result().asString()).isEqualTo("replaced");
  }

  @Test
  void execute_argumentsOverTheFrameCap_areACatchableTooLargeInTheLedgerAndTheWorkerStays() {
    String program =
        """
        async () => {
          try { await t.echo({value: 'x'.repeat(70 * 1024 * 1024)}); } catch (e) { return [e.kind, e.message]; }
        }""";
    CodeExecutionLimits roomy =
        CodeExecutionLimits.defaults().withMaxAllocatedBytes(2L * 1024 * 1024 * 1024);
    try (WorkerProcessExecutor big = new WorkerProcessExecutor(new Isolation.Process(1, 1024))) {
      for (CodeExecutionLimits limits :
          List.of(roomy, roomy.withMaxHostCallBytes(Integer.MAX_VALUE))) {
        PassResult result =
            big.execute(
                broker,
                "pass-" + System.nanoTime(),
                program,
                NAMESPACES,
                TestTools.run(),
                limits,
                limits.maxWallTime().toNanos());
        ProcessHandle worker = big.processes().getFirst();

        assertThat(result.failure()).isNull();
        assertThat(result.result().get(0).asString()).isEqualTo("too_large");
        assertThat(result.result().get(1).asString())
            .startsWith("arguments are 73400332 bytes, over the limit of ")
            .contains(String.valueOf(Math.min(limits.maxHostCallBytes(), Frames.MAX_CALL_BYTES)));
        assertThat(result.calls())
            .extracting(CallRecord::status, CallRecord::failureKind)
            .containsExactly(tuple(CallStatus.FAILED, "too_large"));
        assertThat(big.processes()).containsExactly(worker);
      }
    }
  }
}
