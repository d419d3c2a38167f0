package io.codemode4j.bridge;

import io.codemode4j.bridge.event.CallAdmitted;
import io.codemode4j.bridge.event.PassListener;
import io.codemode4j.bridge.outcome.CallRecord;
import io.codemode4j.bridge.outcome.CallStatus;
import io.codemode4j.bridge.outcome.PassOutcome;
import io.codemode4j.bridge.tool.CallContext;
import io.codemode4j.bridge.tool.ExecutionClass;
import io.codemode4j.bridge.tool.Tool;
import io.codemode4j.bridge.tool.ToolFailure;
import io.codemode4j.bridge.tool.ToolSpec;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * Real tools for the executor tests: their handlers count, wait at gates, block and fail on
 * request, and the test waits on their events (a handler started, was interrupted) rather than for
 * a while.
 */
public final class TestTools {

  public static final JsonMapper MAPPER = JsonMapper.builder().build();
  public static final JsonNodeFactory JSON = JsonNodeFactory.instance;

  public final AtomicInteger active = new AtomicInteger();
  public final AtomicInteger maxActive = new AtomicInteger();
  public final AtomicInteger started = new AtomicInteger();
  public final ConcurrentLinkedQueue<CallContext> contexts = new ConcurrentLinkedQueue<>();
  public final ConcurrentLinkedQueue<String> interrupted = new ConcurrentLinkedQueue<>();
  public final ConcurrentLinkedQueue<Boolean> onVirtualThread = new ConcurrentLinkedQueue<>();
  public final AtomicInteger admitted = new AtomicInteger();
  public final CountDownLatch release = new CountDownLatch(1);

  /**
   * How long {@link #awaitStarted} and the like wait for an event before they fail: far longer than
   * any event takes, so only a broken executor (one that never starts the call) reaches it.
   */
  public static final Duration PATIENCE = Duration.ofSeconds(60);

  private final Object events = new Object();
  private final ConcurrentHashMap<String, CountDownLatch> gates = new ConcurrentHashMap<>();

  public static JsonNode json(String text) {
    return MAPPER.readTree(text);
  }

  /**
   * {@code echo({value, open?, gate?})} returns {@code {value}}: on entry it opens the gate named
   * {@code open}, then waits until the gate named {@code gate} is open (see {@link #open}) or the
   * call is interrupted. Gates stand in for slow I/O: a call is as slow as the test or another call
   * makes it, never by a guess at how long is long enough.
   */
  public Tool echo() {
    return new Tool(
        new ToolSpec(
            "echo",
            "Returns its value once its gate is open.",
            json(
                """
            {"type":"object","properties":{"value":{},"open":{"type":"string","minLength":1},
             "gate":{"type":"string","minLength":1}},
             "required":["value"],"additionalProperties":false}"""),
            json("{\"type\":\"object\",\"properties\":{\"value\":{}},\"required\":[\"value\"]}"),
            ExecutionClass.READONLY),
        (args, ctx) -> {
          enter(ctx);
          try {
            if (args.has("open")) {
              open(args.get("open").asString());
            }
            if (args.has("gate")) {
              gate(args.get("gate").asString()).await();
            }
            ObjectNode out = JSON.objectNode();
            out.set("value", args.get("value"));
            return out;
          } catch (InterruptedException e) {
            interrupted(ctx);
            throw e;
          } finally {
            active.decrementAndGet();
          }
        });
  }

  /**
   * {@code flag({value})} returns {@code {value}}: a write that needs a person's approval ({@link
   * ExecutionClass#NEEDS_APPROVAL}), counted in {@link #started} when its handler runs (its context
   * in {@link #contexts}); the value {@code fail} fails it.
   */
  public Tool flag() {
    return new Tool(
        new ToolSpec(
            "flag",
            "Flags its value, once a person approves.",
            json(
                "{\"type\":\"object\",\"properties\":{\"value\":{}},\"required\":[\"value\"],\"additionalProperties\":false}"),
            json("{\"type\":\"object\",\"properties\":{\"value\":{}},\"required\":[\"value\"]}"),
            ExecutionClass.NEEDS_APPROVAL),
        (args, ctx) -> {
          enter(ctx);
          active.decrementAndGet();
          if (args.get("value").asString("").equals("fail")) {
            throw new ToolFailure(ToolFailure.Kind.FAILED, "the flag could not be written");
          }
          ObjectNode out = JSON.objectNode();
          out.set("value", args.get("value"));
          return out;
        });
  }

  /** {@code fail({kind, message})} always fails with that kind. */
  public Tool fail() {
    return new Tool(
        new ToolSpec(
            "fail",
            "Fails as asked.",
            json(
                """
            {"type":"object","properties":{"kind":{"enum":["refused","failed","unauthorized","timeout","crash"]},
             "message":{"type":"string"}},"required":["kind"]}"""),
            json("{\"type\":\"object\"}"),
            ExecutionClass.MUTATION),
        (args, ctx) -> {
          enter(ctx);
          active.decrementAndGet();
          String kind = args.get("kind").asString();
          if (kind.equals("crash")) {
            throw new IllegalStateException("secret internal detail");
          }
          throw new ToolFailure(
              ToolFailure.Kind.valueOf(kind.toUpperCase()), args.path("message").asString("no"));
        });
  }

  /**
   * {@code block({open?})} opens the gate named {@code open}, then waits until the test releases it
   * or the call is interrupted.
   */
  public Tool block() {
    return new Tool(
        new ToolSpec(
            "block", "Blocks.", json("{\"type\":\"object\"}"), json("{}"), ExecutionClass.MUTATION),
        (args, ctx) -> {
          enter(ctx);
          try {
            if (args.path("open").isString()) {
              open(args.get("open").asString());
            }
            release.await();
            return JSON.objectNode().put("released", true);
          } catch (InterruptedException e) {
            interrupted(ctx);
            throw e;
          } finally {
            active.decrementAndGet();
          }
        });
  }

  /**
   * {@code big({bytes})} returns a string of that many bytes; its schema claims an object with n.
   */
  public Tool big() {
    return new Tool(
        new ToolSpec(
            "big",
            "Returns a large value.",
            json(
                "{\"type\":\"object\",\"properties\":{\"bytes\":{\"type\":\"integer\"},\"lie\":{\"type\":\"boolean\"}}}"),
            json(
                "{\"type\":\"object\",\"properties\":{\"text\":{\"type\":\"string\"}},\"required\":[\"text\"]}"),
            ExecutionClass.READONLY),
        (args, ctx) -> {
          enter(ctx);
          active.decrementAndGet();
          if (args.path("lie").asBoolean(false)) {
            return JSON.objectNode().put("text", 42);
          }
          return JSON.objectNode().put("text", "x".repeat(args.path("bytes").asInt(10)));
        });
  }

  private void enter(CallContext ctx) {
    contexts.add(ctx);
    onVirtualThread.add(Thread.currentThread().isVirtual());
    int now = active.incrementAndGet();
    maxActive.accumulateAndGet(now, Math::max);
    synchronized (events) {
      started.incrementAndGet();
      events.notifyAll();
    }
  }

  private void interrupted(CallContext ctx) {
    synchronized (events) {
      interrupted.add(ctx.callId());
      events.notifyAll();
    }
  }

  /** The gate named {@code name}, closed until {@link #open} opens it. */
  public CountDownLatch gate(String name) {
    return gates.computeIfAbsent(name, n -> new CountDownLatch(1));
  }

  /** Opens the gate named {@code name}: the calls waiting at it go on, and later ones pass. */
  public void open(String name) {
    gate(name).countDown();
  }

  /**
   * Waits until {@code count} handlers of these tools have started (counting from the last reset of
   * {@link #started}); fails after {@link #PATIENCE}, which only a broken executor exceeds.
   */
  public void awaitStarted(int count) throws InterruptedException {
    await(
        () -> started.get() >= count, () -> "started handlers: " + started.get() + " of " + count);
  }

  /** Waits until {@code count} handlers have seen their interruption; see {@link #awaitStarted}. */
  public void awaitInterrupted(int count) throws InterruptedException {
    await(
        () -> interrupted.size() >= count,
        () -> "interrupted handlers: " + interrupted + ", not " + count);
  }

  private void await(BooleanSupplier done, Supplier<String> state) throws InterruptedException {
    long deadline = System.nanoTime() + PATIENCE.toNanos();
    synchronized (events) {
      while (!done.getAsBoolean()) {
        long left = deadline - System.nanoTime();
        if (left <= 0) {
          throw new AssertionError("gave up after " + PATIENCE + ": " + state.get());
        }
        TimeUnit.NANOSECONDS.timedWait(events, left);
      }
    }
  }

  /**
   * A listener that counts the calls a pass admits (before any of them runs), for tests that must
   * know a call was made and is waiting: {@link #awaitAdmitted}.
   */
  public PassListener admissions() {
    return new PassListener() {
      @Override
      public void onCallAdmitted(CallAdmitted event) {
        synchronized (events) {
          admitted.incrementAndGet();
          events.notifyAll();
        }
      }
    };
  }

  /** Waits until {@link #admissions} has seen {@code count} calls; see {@link #awaitStarted}. */
  public void awaitAdmitted(int count) throws InterruptedException {
    await(
        () -> admitted.get() >= count, () -> "admitted calls: " + admitted.get() + " of " + count);
  }

  public CodeMode.Builder codeMode() {
    return CodeMode.builder()
        .method("t", "echo", echo())
        .method("t", "fail", fail())
        .method("t", "block", block())
        .method("t", "big", big());
  }

  public static RunContext run() {
    return RunContext.of("run-1", Principal.unconfined("tester"));
  }

  public static List<CallStatus> statuses(PassOutcome outcome) {
    return outcome.calls().stream().map(CallRecord::status).toList();
  }

  public static Duration ms(long millis) {
    return Duration.ofMillis(millis);
  }
}
