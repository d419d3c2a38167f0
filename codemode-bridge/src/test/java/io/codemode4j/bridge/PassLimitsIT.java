package io.codemode4j.bridge;

import static org.assertj.core.api.Assertions.assertThat;

import io.codemode4j.bridge.internal.Utf8;
import io.codemode4j.bridge.outcome.CallRecord;
import io.codemode4j.bridge.outcome.CallStatus;
import io.codemode4j.bridge.outcome.FailureKind;
import io.codemode4j.bridge.outcome.Limit;
import io.codemode4j.bridge.outcome.PassFailure;
import io.codemode4j.bridge.outcome.PassOutcome;
import io.codemode4j.bridge.outcome.PassReport;
import io.codemode4j.bridge.outcome.PassSuccess;
import java.time.Duration;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Every pass-ending limit, and that the same CodeMode serves the next pass afterwards. */
class PassLimitsIT {

  private static final CopyOnWriteArrayList<PassReport> REPORTS = new CopyOnWriteArrayList<>();
  private static CodeMode codeMode;

  @BeforeAll
  static void build() {
    codeMode =
        new TestTools()
            .codeMode()
            .limits(
                CodeExecutionLimits.defaults()
                    .withMaxWallTime(Duration.ofMillis(700))
                    .withMaxLogBytes(200)
                    .withMaxResultBytes(300)
                    .withMaxSourceBytes(2000))
            .onPassExit(REPORTS::add)
            .build();
    // A cold engine's first pass can exceed this class's 700 ms wall time on its own.
    codeMode.warmUp(3);
  }

  @AfterAll
  static void close() {
    codeMode.close();
  }

  private static PassFailure failure(String code) {
    PassOutcome outcome = codeMode.run(code, TestTools.run());
    assertThat(outcome).isInstanceOf(PassFailure.class);
    assertThat(codeMode.run("async () => 'still serving'", TestTools.run()))
        .isInstanceOfSatisfying(
            PassSuccess.class, s -> assertThat(s.result().asString()).isEqualTo("still serving"));
    return (PassFailure) outcome;
  }

  // Loops that allocate as they spin (promises, errors) may hit maxAllocatedBytes first; the corpus
  // covers them.
  @ParameterizedTest
  @ValueSource(
      strings = {
        "async () => { while (true) {} }",
        "async () => { for (;;) { try { while (true) {} } finally { continue; } } }",
        "async () => { await new Promise(() => {}); }",
        "async () => { await t.block({}); }"
      })
  void run_programPastItsWallTime_failsTimeout(String code) {
    // None of these programs ends by itself: that the pass ends at all, as a timeout, is the
    // wall-clock limit's doing. How soon after it the caller is answered is the benchmarks'
    // concern.
    PassFailure failure = failure(code);
    assertThat(failure.kind()).isEqualTo(FailureKind.TIMEOUT);
    assertThat(failure.message()).contains("wall-clock limit of 700ms");
  }

  @Test
  void run_logsOverMaxLogBytes_failsLimitNamingIt() {
    PassFailure failure =
        failure("async () => { for (let i = 0; ; i++) console.log('line ' + i); }");
    assertThat(failure.kind()).isEqualTo(FailureKind.LIMIT);
    assertThat(failure.limit()).isEqualTo(Limit.MAX_LOG_BYTES);
    assertThat(failure.logs()).isNotEmpty();
    assertThat(failure.logs().stream().mapToInt(l -> Utf8.length(l.message()) + 1).sum())
        .isLessThanOrEqualTo(200);
  }

  @Test
  void run_resultOverMaxResultBytes_failsLimitNamingIt() {
    PassFailure failure = failure("async () => 'é'.repeat(200)");
    assertThat(failure.kind()).isEqualTo(FailureKind.LIMIT);
    assertThat(failure.limit()).isEqualTo(Limit.MAX_RESULT_BYTES);
    assertThat(failure.message())
        .contains("402 bytes of JSON, over the limit of 300 bytes (maxResultBytes)");
  }

  @Test
  void run_hugeResult_failsLimitInsideTheSandbox() {
    PassFailure failure = failure("async () => 'x'.repeat(100_000)");
    assertThat(failure.kind()).isEqualTo(FailureKind.LIMIT);
    assertThat(failure.limit()).isEqualTo(Limit.MAX_RESULT_BYTES);
  }

  @Test
  void run_sourceOverMaxSourceBytes_failsInvalidProgram() {
    PassFailure failure = failure("async () => '" + "x".repeat(2000) + "'");
    assertThat(failure.kind()).isEqualTo(FailureKind.INVALID_PROGRAM);
    assertThat(failure.message()).contains("(maxSourceBytes)");
  }

  @Test
  void run_deepRecursion_failsLimitStackEvenWhenCaught() {
    PassFailure failure =
        failure(
            "async () => { const f = (n) => { try { return f(n + 1) + 1; } catch (e) { return f(n + 1); } }; return f(0); }");
    assertThat(failure.kind()).isEqualTo(FailureKind.LIMIT);
    assertThat(failure.limit()).isEqualTo(Limit.STACK);
  }

  /**
   * The pass's watchdog enforces the CPU budget by cancelling the context: a loop the program wraps
   * in try/catch, or runs after an await (in a promise job), cannot catch or outlast it.
   */
  @ParameterizedTest
  @ValueSource(
      strings = {
        "async () => { let n = 0; while (true) { n++; } }",
        "async () => { try { let n = 0; while (true) { n++; } } catch (e) { return 'caught ' + e; } }",
        "async () => { await null; let n = 0; while (true) { n++; } }"
      })
  void run_cpuBoundLoop_failsLimitCpuWhenCpuRunsOutBeforeWallTime(String program) {
    try (CodeMode tight =
        new TestTools()
            .codeMode()
            .limits(
                CodeExecutionLimits.defaults()
                    .withMaxWallTime(Duration.ofSeconds(20))
                    .withMaxCpuTime(Duration.ofMillis(300)))
            .build()) {
      tight.warmUp(1);
      PassOutcome outcome = tight.run(program, TestTools.run());
      assertThat(outcome)
          .isInstanceOfSatisfying(
              PassFailure.class,
              f -> {
                assertThat(f.kind()).isEqualTo(FailureKind.LIMIT);
                assertThat(f.limit()).isEqualTo(Limit.CPU);
                assertThat(f.message()).contains("300ms of CPU time (maxCpuTime)");
              });
    }
  }

  /**
   * One allocation over the budget, then the program ends at once: it may fall between two of the
   * watchdog's reads, and still no pass may end ok. A hundred tries of each kind.
   */
  @ParameterizedTest
  @ValueSource(
      strings = {
        "async () => new ArrayBuffer(24 * 1024 * 1024).byteLength",
        "async () => new Float64Array(3 * 1024 * 1024).length",
        "async () => 'x'.repeat(24 * 1024 * 1024).length",
        "async () => new Uint8Array(24 * 1024 * 1024).fill(1).length"
      })
  void run_oneLargeAllocationThenReturn_neverEndsOkInAHundredTries(String program) {
    try (CodeMode tight =
        new TestTools()
            .codeMode()
            .limits(CodeExecutionLimits.defaults().withMaxAllocatedBytes(16L * 1024 * 1024))
            .build()) {
      for (int i = 0; i < 100; i++) {
        PassOutcome outcome = tight.run(program, TestTools.run());
        assertThat(outcome)
            .as("try " + (i + 1))
            .isInstanceOfSatisfying(
                PassFailure.class, f -> assertThat(f.limit()).isEqualTo(Limit.MEMORY));
      }
    }
  }

  @Test
  void run_allocationBomb_failsLimitMemory() {
    try (CodeMode tight =
        new TestTools()
            .codeMode()
            .limits(CodeExecutionLimits.defaults().withMaxAllocatedBytes(64L * 1024 * 1024))
            .build()) {
      PassOutcome outcome =
          tight.run(
              "async () => { const keep = []; while (true) keep.push(new Array(10000).fill(7)); }",
              TestTools.run());
      assertThat(outcome)
          .isInstanceOfSatisfying(
              PassFailure.class,
              f -> {
                assertThat(f.kind()).isEqualTo(FailureKind.LIMIT);
                assertThat(f.limit()).isEqualTo(Limit.MEMORY);
              });
    }
  }

  @Test
  void run_callerInterrupted_failsInterruptedAndKeepsTheFlag() throws Exception {
    // Its own CodeMode, with the default 30 s wall time: the interruption, not the class's 700 ms
    // limit, must end the pass, whenever the call gets to start.
    TestTools tools = new TestTools();
    AtomicReference<PassOutcome> outcome = new AtomicReference<>();
    AtomicReference<Boolean> flag = new AtomicReference<>();
    try (CodeMode patient = tools.codeMode().build()) {
      Thread caller =
          Thread.ofPlatform()
              .start(
                  () -> {
                    outcome.set(patient.run("async () => { await t.block({}); }", TestTools.run()));
                    flag.set(Thread.currentThread().isInterrupted());
                  });
      tools.awaitStarted(1);
      caller.interrupt();
      caller.join(TestTools.PATIENCE);
      assertThat(caller.isAlive()).isFalse();
    }
    assertThat(outcome.get())
        .isInstanceOfSatisfying(
            PassFailure.class,
            f -> {
              assertThat(f.kind()).isEqualTo(FailureKind.INTERRUPTED);
              assertThat(f.calls())
                  .extracting(CallRecord::status)
                  .containsExactly(CallStatus.UNCERTAIN);
            });
    assertThat(flag.get()).isTrue();
  }

  @Test
  void onPassExit_everyEnding_isReportedWithoutArgumentsOrResults() {
    REPORTS.clear();
    codeMode.run(
        "async () => { await t.echo({value: 'secret-argument'}); return 'secret-result'; }",
        TestTools.run());
    codeMode.run("async () => { while (true) {} }", TestTools.run());
    codeMode.run("1", TestTools.run());
    assertThat(REPORTS)
        .extracting(PassReport::failure)
        .containsExactly(null, FailureKind.TIMEOUT, FailureKind.INVALID_PROGRAM);
    assertThat(REPORTS.get(0).calls())
        .singleElement()
        .satisfies(
            call -> {
              assertThat(call.method()).isEqualTo("t.echo");
              assertThat(call.status()).isEqualTo(CallStatus.SUCCEEDED);
            });
    assertThat(REPORTS.toString()).doesNotContain("secret");
  }
}
