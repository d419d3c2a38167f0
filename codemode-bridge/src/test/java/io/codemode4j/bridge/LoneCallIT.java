package io.codemode4j.bridge;

import static org.assertj.core.api.Assertions.assertThat;

import io.codemode4j.bridge.event.CallEnded;
import io.codemode4j.bridge.event.PassListener;
import io.codemode4j.bridge.internal.broker.LocalDispatcher;
import io.codemode4j.bridge.outcome.CallRecord;
import io.codemode4j.bridge.outcome.CallStatus;
import io.codemode4j.bridge.outcome.FailureKind;
import io.codemode4j.bridge.outcome.Limit;
import io.codemode4j.bridge.outcome.PassFailure;
import io.codemode4j.bridge.outcome.PassOutcome;
import io.codemode4j.bridge.outcome.PassSuccess;
import io.codemode4j.bridge.tool.ExecutionClass;
import io.codemode4j.bridge.tool.Tool;
import io.codemode4j.bridge.tool.ToolHandler;
import io.codemode4j.bridge.tool.ToolSpec;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A call the program waits on alone runs on the pass thread (see {@link LocalDispatcher}). The
 * limits and the overlap of calls must hold exactly as they do for calls on their own threads.
 */
class LoneCallIT {

  private static final long HANDLER_ALLOCATES = 96L * 1024 * 1024;
  private static volatile CompletableFuture<CallEnded> markEnded = new CompletableFuture<>();
  private static volatile CountDownLatch stubbornHold = new CountDownLatch(1);
  private static volatile AtomicBoolean stubbornReturned = new AtomicBoolean();
  private static final AtomicReference<Thread> handlerThread = new AtomicReference<>();
  private static CodeMode codeMode;
  private static CodeMode roomy;
  private static CodeMode allocating;

  @BeforeAll
  static void build() {
    codeMode =
        CodeMode.builder()
            .method(
                "t",
                "stubborn",
                tool(
                    "stubborn",
                    (args, ctx) -> {
                      handlerThread.set(Thread.currentThread());
                      // Ignores interruption until the test releases it, like a blocking read on
                      // a platform thread (without spinning, which would hold a virtual thread's
                      // carrier). It gives up after PATIENCE, so that an executor that waits for
                      // it fails the test rather than hanging it.
                      CountDownLatch hold = stubbornHold;
                      AtomicBoolean returned = stubbornReturned;
                      long end = System.nanoTime() + TestTools.PATIENCE.toNanos();
                      for (long left; (left = end - System.nanoTime()) > 0; ) {
                        try {
                          if (hold.await(left, TimeUnit.NANOSECONDS)) {
                            break;
                          }
                        } catch (InterruptedException ignored) {
                          // Deliberately ignored: this handler does not stop when its pass ends.
                        }
                      }
                      returned.set(true);
                      return TestTools.JSON.objectNode().put("ok", true);
                    }))
            .method("t", "mark", mark())
            .limits(CodeExecutionLimits.defaults().withMaxWallTime(Duration.ofMillis(1000)))
            .build();
    // The memory limit, on a Code Mode of its own: a wall time of 1 s, which the stubborn handler
    // needs, would end an allocating program first on a loaded machine (seen at load 30), and the
    // wall time is not what these tests check.
    allocating =
        CodeMode.builder()
            .method(
                "t",
                "allocate",
                tool(
                    "allocate",
                    (args, ctx) -> {
                      handlerThread.set(Thread.currentThread());
                      long sum = 0;
                      for (long done = 0; done < HANDLER_ALLOCATES; done += 1024 * 1024) {
                        byte[] chunk = new byte[1024 * 1024];
                        chunk[(int) (done % chunk.length)] = 1;
                        sum += chunk[0] + chunk.length;
                      }
                      return TestTools.JSON.objectNode().put("ok", sum > 0);
                    }))
            .method("t", "mark", mark())
            .limits(
                CodeExecutionLimits.defaults()
                    .withMaxWallTime(TestTools.PATIENCE)
                    .withMaxAllocatedBytes(32L * 1024 * 1024))
            .build();
    roomy =
        CodeMode.builder()
            .method("t", "mark", mark())
            .listener(
                new PassListener() {
                  @Override
                  public void onCallEnded(CallEnded event) {
                    markEnded.complete(event);
                  }
                })
            .build();
    // Warm the call path itself, not only the engine: a cold one makes a program's first turn
    // outlast the hold.
    for (int i = 0; i < 300; i++) {
      codeMode.run("async () => (await t.mark({})).ok", TestTools.run());
      allocating.run("async () => (await t.mark({})).ok", TestTools.run());
    }
  }

  @AfterAll
  static void close() {
    codeMode.close();
    roomy.close();
    allocating.close();
  }

  private static Tool mark() {
    return tool("mark", (args, ctx) -> TestTools.JSON.objectNode().put("ok", true));
  }

  private static Tool tool(String name, ToolHandler handler) {
    return new Tool(
        new ToolSpec(
            name,
            "Test tool " + name + ".",
            TestTools.json("{\"type\":\"object\"}"),
            TestTools.json("{\"type\":\"object\"}"),
            ExecutionClass.READONLY),
        handler);
  }

  /**
   * Runs {@code program} until its handler ran on the pass thread. A call is held for 1-2 ms, so on
   * a cold engine the rest of the program's first turn can outlast that and the call starts on its
   * own virtual thread instead; that path is every other test's. The stubborn handler of a pass
   * that does not count is released before the next; the one of the pass returned is released after
   * the test ({@link #releaseStubborn}).
   */
  private static PassOutcome runOnPassThread(String program) {
    return runOnPassThread(codeMode, program);
  }

  private static PassOutcome runOnPassThread(CodeMode target, String program) {
    for (int attempt = 0; attempt < 10; attempt++) {
      // Each pass's handler gets its own latch and flag: a released one may still be returning.
      stubbornHold = new CountDownLatch(1);
      stubbornReturned = new AtomicBoolean();
      PassOutcome outcome = target.run(program, TestTools.run());
      if (!handlerThread.get().isVirtual()) {
        return outcome;
      }
      stubbornHold.countDown();
    }
    throw new AssertionError("the handler never ran on the pass thread in 10 passes");
  }

  @AfterEach
  void releaseStubborn() {
    stubbornHold.countDown();
  }

  private static void assertStillServing(CodeMode target) {
    assertThat(target.run("async () => (await t.mark({})).ok", TestTools.run()))
        .isInstanceOfSatisfying(
            PassSuccess.class, s -> assertThat(s.result().asBoolean()).isTrue());
  }

  @Test
  void run_loneCallWhoseHandlerIgnoresInterruption_failsTimeoutAtTheWallTime() {
    PassOutcome pass = runOnPassThread("async () => t.stubborn({})");

    assertThat(pass)
        .isInstanceOfSatisfying(
            PassFailure.class,
            f -> {
              assertThat(f.kind()).isEqualTo(FailureKind.TIMEOUT);
              assertThat(f.calls())
                  .extracting(CallRecord::status)
                  .containsExactly(CallStatus.UNCERTAIN);
            });
    // The handler holds on until the test releases it; the caller is answered at the 1 s wall
    // time, not then, and the CodeMode serves the next pass while the handler still holds.
    assertThat(stubbornReturned).as("the stubborn handler returned").isFalse();
    assertStillServing(codeMode);
    assertThat(stubbornReturned).as("the stubborn handler returned").isFalse();
  }

  @Test
  void run_loneCallAllocatingMoreThanTheProgramMay_isNotChargedToTheProgram() {
    PassOutcome pass = runOnPassThread(allocating, "async () => (await t.allocate({})).ok");

    assertThat(pass)
        .isInstanceOfSatisfying(
            PassSuccess.class, s -> assertThat(s.result().asBoolean()).isTrue());
  }

  @Test
  void run_programAllocatingAfterALoneCall_failsItsMemoryLimit() {
    PassOutcome pass =
        runOnPassThread(
            allocating,
            """
        async () => {
          await t.allocate({});
          const keep = [];
          while (true) keep.push(new Array(10000).fill(7));
        }""");

    assertThat(pass)
        .isInstanceOfSatisfying(
            PassFailure.class,
            f -> {
              assertThat(f.kind()).isEqualTo(FailureKind.LIMIT);
              assertThat(f.limit()).isEqualTo(Limit.MEMORY);
            });
    assertStillServing(allocating);
  }

  @Test
  void run_callFollowedByComputation_startsTheCallWhileTheProgramComputes() throws Exception {
    markEnded = new CompletableFuture<>();
    CompletableFuture<PassOutcome> pass = new CompletableFuture<>();
    // The program never waits on its call, nor ends: only a call started while it computes can
    // end, and only the caller's interruption (or the wall time) ends the pass. Roomy's 30 s wall
    // time gives a call that never starts every chance to.
    Thread caller =
        Thread.ofPlatform()
            .start(
                () ->
                    pass.complete(
                        roomy.run(
                            "async () => { const marked = t.mark({}); while (true) {} }",
                            TestTools.run())));

    CompletableFuture.anyOf(markEnded, pass).get(TestTools.PATIENCE.toSeconds(), TimeUnit.SECONDS);
    assertThat(markEnded).as("the call ended while the program computed").isDone();
    assertThat(markEnded.get().status()).isEqualTo(CallStatus.SUCCEEDED);
    caller.interrupt();

    assertThat(pass.get(TestTools.PATIENCE.toSeconds(), TimeUnit.SECONDS))
        .isInstanceOfSatisfying(
            PassFailure.class,
            f -> {
              assertThat(f.kind()).isEqualTo(FailureKind.INTERRUPTED);
              assertThat(f.calls())
                  .extracting(CallRecord::status)
                  .containsExactly(CallStatus.SUCCEEDED);
            });
  }
}
