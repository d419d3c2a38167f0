package io.codemode4j.bench;

import io.codemode4j.bridge.CodeExecutionLimits;
import io.codemode4j.bridge.CodeMode;
import io.codemode4j.bridge.Isolation;
import io.codemode4j.bridge.Principal;
import io.codemode4j.bridge.RunContext;
import io.codemode4j.bridge.outcome.PassFailure;
import io.codemode4j.bridge.outcome.PassOutcome;
import io.codemode4j.bridge.tool.ExecutionClass;
import io.codemode4j.bridge.tool.Tool;
import io.codemode4j.bridge.tool.ToolSpec;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.JsonNodeFactory;

/**
 * Code Mode over three synthetic tools, so a pass measures Code Mode and nothing else: {@code
 * bench.instant({})} returns 1 at once, {@code bench.sleep({ms})} returns 1 after sleeping, and
 * {@code bench.hold({})} returns 1 once the current {@link Hold} round is released.
 *
 * <p>Public for the JMH benchmarks; the programs below are the scenarios of the bench.
 */
public final class BenchToolkit implements AutoCloseable {

  /** Host calls in the per-call and overlap programs. */
  public static final int HOST_CALLS = 64;

  /** How long the overlap scenario's handler sleeps. */
  public static final int SLEEP_MS = 20;

  /** The warm-pass program: the smallest pass there is. */
  public static final String TRIVIAL = "async () => 1";

  /** Three instant host calls overlapped with {@code Promise.all}. */
  public static final String THREE_CALLS =
      "async () => (await Promise.all([bench.instant({}), bench.instant({}), bench.instant({})])).length";

  /**
   * {@value #HOST_CALLS} instant host calls, each awaited before the next: the per-call round trip.
   */
  public static final String SEQUENTIAL_CALLS =
      "async () => { let n = 0; for (let i = 0; i < "
          + HOST_CALLS
          + "; i++) { n += await bench.instant({}); } return n; }";

  /**
   * {@value #HOST_CALLS} calls to a handler sleeping {@value #SLEEP_MS} ms, all started at once.
   */
  public static final String SLEEPING_CALLS = sleepingCalls(SLEEP_MS);

  /** One call that returns when its {@link Hold} round is released. */
  public static final String HELD_CALL = "async () => bench.hold({})";

  private static final JsonMapper JSON = JsonMapper.builder().build();
  private static final JsonNode ONE = JsonNodeFactory.instance.numberNode(1);

  private final CodeMode codeMode;
  private final Hold hold = new Hold();
  private final RunContext run = RunContext.of("bench", Principal.unconfined("bench"));

  /**
   * Code Mode with the default limits, at most {@code concurrency} inner calls at once, running
   * passes where {@code isolation} says.
   */
  public BenchToolkit(int concurrency, Isolation isolation) {
    this(concurrency, isolation, true);
  }

  /**
   * In process, with no context prepared ahead: each pass builds its context on its own thread
   * ({@code CodeMode.Builder.readyContexts(0)}), so that thread's time holds the whole per-pass
   * cost.
   */
  public static BenchToolkit unpooled(int concurrency) {
    return new BenchToolkit(concurrency, Isolation.inProcess(), false);
  }

  private BenchToolkit(int concurrency, Isolation isolation, boolean pooled) {
    ToolSpec instant =
        spec(
            "instant",
            "Returns 1 at once.",
            "{\"type\": \"object\", \"additionalProperties\": false}");
    ToolSpec sleep =
        spec(
            "sleep",
            "Returns 1 after sleeping ms milliseconds.",
            """
        {"type": "object", "properties": {"ms": {"type": "integer", "minimum": 0, "maximum": 1000}},
         "required": ["ms"], "additionalProperties": false}""");
    ToolSpec held =
        spec(
            "hold",
            "Returns 1 when the bench releases it.",
            "{\"type\": \"object\", \"additionalProperties\": false}");
    CodeMode.Builder builder =
        CodeMode.builder()
            .method("bench", "instant", new Tool(instant, (arguments, context) -> ONE))
            .method(
                "bench",
                "sleep",
                new Tool(
                    sleep,
                    (arguments, context) -> {
                      Thread.sleep(arguments.get("ms").asInt());
                      return ONE;
                    }))
            .method("bench", "hold", new Tool(held, (arguments, context) -> hold.await()))
            .limits(CodeExecutionLimits.defaults().withMaxHostCallConcurrency(concurrency))
            .isolation(isolation);
    if (!pooled) {
      builder.readyContexts(0);
    }
    this.codeMode = builder.build();
  }

  /**
   * {@value #HOST_CALLS} calls to a handler sleeping {@code ms} milliseconds, all started at once.
   */
  public static String sleepingCalls(int ms) {
    return "async () => (await Promise.all(Array.from({length: "
        + HOST_CALLS
        + "}, () => bench.sleep({ms: "
        + ms
        + "})))).length";
  }

  /** Runs {@code program} once; a failed pass is a broken bench, never a sample. */
  public PassOutcome run(String program) {
    PassOutcome outcome = codeMode.run(program, run);
    if (outcome instanceof PassFailure failure) {
      throw new IllegalStateException(
          "the bench program "
              + program
              + " failed: "
              + failure.kind().wireName()
              + ": "
              + failure.message());
    }
    return outcome;
  }

  /**
   * Runs {@code program} {@code passes} times, unmeasured, so the engine and the JIT have seen it.
   */
  public void warmUp(String program, int passes) {
    for (int i = 0; i < passes; i++) {
      run(program);
    }
  }

  public Hold hold() {
    return hold;
  }

  /** The Code Mode itself, for a server that serves it (the MCP scenario). */
  CodeMode codeMode() {
    return codeMode;
  }

  @Override
  public void close() {
    codeMode.close();
  }

  private static ToolSpec spec(String name, String description, String parameters) {
    return new ToolSpec(
        name,
        description,
        JSON.readTree(parameters),
        JSON.readTree("{\"type\": \"integer\"}"),
        ExecutionClass.READONLY);
  }

  /**
   * Rounds of held calls: each call of {@code bench.hold} counts itself in, then waits for the
   * release.
   */
  public static final class Hold {
    private volatile Semaphore entered = new Semaphore(0);
    private volatile CountDownLatch released = new CountDownLatch(0);

    /** Starts a round: calls made from now on wait until {@link #release()}. */
    public void open() {
      entered = new Semaphore(0);
      released = new CountDownLatch(1);
    }

    /**
     * Waits until {@code calls} calls of this round are being held; false after {@code timeoutMs}.
     */
    public boolean awaitHeld(int calls, long timeoutMs) throws InterruptedException {
      return entered.tryAcquire(calls, timeoutMs, TimeUnit.MILLISECONDS);
    }

    public void release() {
      released.countDown();
    }

    private JsonNode await() throws InterruptedException {
      CountDownLatch round = released;
      entered.release();
      round.await();
      return ONE;
    }
  }
}
