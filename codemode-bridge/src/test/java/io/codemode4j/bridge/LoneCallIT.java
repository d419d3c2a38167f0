package io.codemode4j.bridge;

import static org.assertj.core.api.Assertions.assertThat;

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
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A call the program waits on alone runs on the pass thread (see {@link LocalDispatcher}). The
 * limits and the overlap of calls must hold exactly as they do for calls on their own threads.
 */
class LoneCallIT {

  private static final long HANDLER_ALLOCATES = 96L * 1024 * 1024;
  private static final AtomicLong markedAt = new AtomicLong();
  private static final AtomicReference<Thread> handlerThread = new AtomicReference<>();
  private static CodeMode codeMode;
  private static CodeMode roomy;

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
                      // Ignores interruption for 3 s, like a blocking read on a platform thread
                      // (without spinning, which
                      // would hold a virtual thread's carrier).
                      long end = System.nanoTime() + Duration.ofSeconds(3).toNanos();
                      for (long left; (left = end - System.nanoTime()) > 0; ) {
                        try {
                          Thread.sleep(Duration.ofNanos(left));
                        } catch (InterruptedException ignored) {
                          // Deliberately ignored: this handler does not stop when its pass ends.
                        }
                      }
                      return TestTools.JSON.objectNode().put("ok", true);
                    }))
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
                    .withMaxWallTime(Duration.ofMillis(1000))
                    .withMaxAllocatedBytes(32L * 1024 * 1024))
            .build();
    roomy = CodeMode.builder().method("t", "mark", mark()).build();
    // Warm the call path itself, not only the engine: a cold one makes a program's first turn
    // outlast the hold.
    for (int i = 0; i < 300; i++) {
      codeMode.run("async () => (await t.mark({})).ok", TestTools.run());
    }
  }

  @AfterAll
  static void close() {
    codeMode.close();
    roomy.close();
  }

  private static Tool mark() {
    return tool(
        "mark",
        (args, ctx) -> {
          markedAt.set(System.nanoTime());
          return TestTools.JSON.objectNode().put("ok", true);
        });
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
   * own virtual thread instead; that path is every other test's.
   */
  private static Timed runOnPassThread(String program) {
    for (int attempt = 0; attempt < 10; attempt++) {
      long start = System.nanoTime();
      PassOutcome outcome = codeMode.run(program, TestTools.run());
      Duration took = Duration.ofNanos(System.nanoTime() - start);
      if (!handlerThread.get().isVirtual()) {
        return new Timed(outcome, took);
      }
    }
    throw new AssertionError("the handler never ran on the pass thread in 10 passes");
  }

  private record Timed(PassOutcome outcome, Duration took) {}

  private static void assertStillServing() {
    assertThat(codeMode.run("async () => (await t.mark({})).ok", TestTools.run()))
        .isInstanceOfSatisfying(
            PassSuccess.class, s -> assertThat(s.result().asBoolean()).isTrue());
  }

  @Test
  void run_loneCallWhoseHandlerIgnoresInterruption_failsTimeoutAtTheWallTime() {
    Timed pass = runOnPassThread("async () => t.stubborn({})");

    assertThat(pass.outcome())
        .isInstanceOfSatisfying(
            PassFailure.class,
            f -> {
              assertThat(f.kind()).isEqualTo(FailureKind.TIMEOUT);
              assertThat(f.calls())
                  .extracting(CallRecord::status)
                  .containsExactly(CallStatus.UNCERTAIN);
            });
    // The handler holds on for 3 s; the caller is answered at the 1 s wall time, not then.
    assertThat(pass.took()).isLessThan(Duration.ofMillis(2500));
    assertStillServing();
  }

  @Test
  void run_loneCallAllocatingMoreThanTheProgramMay_isNotChargedToTheProgram() {
    Timed pass = runOnPassThread("async () => (await t.allocate({})).ok");

    assertThat(pass.outcome())
        .isInstanceOfSatisfying(
            PassSuccess.class, s -> assertThat(s.result().asBoolean()).isTrue());
  }

  @Test
  void run_programAllocatingAfterALoneCall_failsItsMemoryLimit() {
    Timed pass =
        runOnPassThread(
            """
        async () => {
          await t.allocate({});
          const keep = [];
          while (true) keep.push(new Array(10000).fill(7));
        }""");

    assertThat(pass.outcome())
        .isInstanceOfSatisfying(
            PassFailure.class,
            f -> {
              assertThat(f.kind()).isEqualTo(FailureKind.LIMIT);
              assertThat(f.limit()).isEqualTo(Limit.MEMORY);
            });
    assertStillServing();
  }

  @Test
  void run_callFollowedByComputation_startsTheCallWhileTheProgramComputes() {
    markedAt.set(0);
    long start = System.nanoTime();
    // The class's 32 MiB allocation budget is too small for 300 ms of interpreted looping.
    PassOutcome outcome =
        roomy.run(
            """
        async () => {
          const marked = t.mark({});
          const end = Date.now() + 300;
          while (Date.now() < end) {}
          return (await marked).ok;
        }""",
            TestTools.run());

    assertThat(outcome).isInstanceOf(PassSuccess.class);
    // Held for at most 2 ms, not until the 300 ms loop ends.
    assertThat(Duration.ofNanos(markedAt.get() - start)).isLessThan(Duration.ofMillis(150));
  }
}
