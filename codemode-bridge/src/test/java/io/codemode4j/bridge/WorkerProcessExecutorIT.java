package io.codemode4j.bridge;

import static org.assertj.core.api.Assertions.assertThat;

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
    Map<String, Broker.Binding> bindings = new LinkedHashMap<>();
    for (Tool tool : List.of(tools.echo(), tools.fail(), tools.block(), tools.big())) {
      String path = "t." + tool.name();
      bindings.put(path, new Broker.Binding(path, tool, JsonSchemas.compile("p", tool.spec().parameters()),
          JsonSchemas.compile("s", tool.spec().success())));
    }
    broker = new Broker(bindings);
    executor = new WorkerProcessExecutor(new Isolation.Process(2, 256));
  }

  @AfterAll
  static void stop() {
    executor.close();
  }

  private static PassResult run(String code, CodeExecutionLimits limits) {
    return executor.execute(broker, "pass-" + System.nanoTime(), code, NAMESPACES, TestTools.run(), limits,
        limits.maxWallTime().toNanos());
  }

  @Test
  void execute_programWithCalls_returnsItsResultAndTheParentsLedger() {
    PassResult result = run("""
        async () => {
          console.log('in the worker');
          const [a, b] = await Promise.all([t.echo({value: 1, sleepMs: 50}), t.echo({value: 2})]);
          try { await t.fail({kind: 'refused', message: 'no'}); } catch (e) { return [a.value, b.value, e.kind]; }
        }""", CodeExecutionLimits.defaults());
    assertThat(result.failure()).isEmpty();
    assertThat(result.result().toString()).isEqualTo("[1,2,\"refused\"]");
    assertThat(result.logs()).containsExactly(new LogEntry(LogEntry.Level.LOG, "in the worker"));
    assertThat(result.calls()).extracting(CallRecord::status)
        .containsExactly(CallStatus.SUCCEEDED, CallStatus.SUCCEEDED, CallStatus.FAILED);
  }

  @Test
  void execute_heapBomb_killsOnlyItsWorkerAndTheNextPassRuns() {
    CodeExecutionLimits limits = CodeExecutionLimits.defaults().withMaxAllocatedBytes(64L * 1024 * 1024 * 1024);
    PassResult result = run("""
        async () => {
          const inFlight = t.block({});
          const keep = [];
          for (;;) keep.push(new Array(100000).fill(1.5));
        }""", limits);
    assertThat(result.failure()).contains(FailureKind.LIMIT);
    assertThat(result.limit()).contains("memory");
    assertThat(result.message()).contains("heap of 256 MiB");
    assertThat(result.calls()).extracting(CallRecord::status).containsExactly(CallStatus.UNCERTAIN);

    PassResult next = run("async () => (await t.echo({value: 'alive'})).value", CodeExecutionLimits.defaults());
    assertThat(next.result().asString()).isEqualTo("alive");
  }

  @Test
  void execute_runawayLoop_endsWithTheWorkersOwnLimit() {
    PassResult result = run("async () => { for (;;) {} }",
        CodeExecutionLimits.defaults().withMaxWallTime(Duration.ofMillis(500)));
    assertThat(result.failure()).contains(FailureKind.TIMEOUT);
  }

  @Test
  void execute_killedWorker_endsThePassWithInFlightCallsUncertainAndQueuedNotStarted() throws Exception {
    CodeExecutionLimits limits = CodeExecutionLimits.defaults().withMaxHostCallConcurrency(1);
    Thread killer = Thread.ofVirtual().start(() -> {
      try {
        while (tools.started.get() == 0 || executor.processes().size() < 2) {
          Thread.sleep(10);
        }
        Thread.sleep(300);
        executor.processes().forEach(ProcessHandle::destroyForcibly);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    });
    tools.started.set(0);
    PassResult result = run("async () => Promise.all([t.block({}), t.echo({value: 1})])", limits);
    killer.join();
    assertThat(result.failure()).contains(FailureKind.INTERNAL);
    assertThat(result.message()).contains("the worker process died");
    assertThat(result.calls()).extracting(CallRecord::status).containsExactly(CallStatus.UNCERTAIN, CallStatus.NOT_STARTED);

    PassResult next = run("async () => 'replaced'", CodeExecutionLimits.defaults());
    assertThat(next.result().asString()).isEqualTo("replaced");
  }
}
