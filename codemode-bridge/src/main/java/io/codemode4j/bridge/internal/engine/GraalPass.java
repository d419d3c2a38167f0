package io.codemode4j.bridge.internal.engine;

import io.codemode4j.bridge.CodeExecutionLimits;
import io.codemode4j.bridge.Durations;
import io.codemode4j.bridge.internal.Utf8;
import io.codemode4j.bridge.internal.broker.CallDispatcher;
import io.codemode4j.bridge.internal.broker.LocalDispatcher;
import io.codemode4j.bridge.outcome.CallRecord;
import io.codemode4j.bridge.outcome.FailureKind;
import io.codemode4j.bridge.outcome.Limit;
import io.codemode4j.bridge.outcome.LogEntry;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.PolyglotException;
import org.graalvm.polyglot.Source;
import org.graalvm.polyglot.Value;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * One pass in a fresh GraalJS context, run entirely on the thread that calls {@link #run()}
 * (contexts are single-threaded, and guest promises must be settled on the context's own thread).
 *
 * <p>The loop: start the program; then take the completions that arrived (waiting no longer than
 * the remaining wall time for the first), settle their guest promises in one call into the guest,
 * in completion order (microtasks run when that outermost call returns), and stop when the
 * program's promise settles or a limit fires. Handlers complete on their own threads and only ever
 * enqueue; a limit that fires while guest code runs closes the context from the watchdog thread.
 *
 * <p>When the program waits on a lone call that its dispatcher held back, this thread runs the
 * handler itself instead of waiting for another thread to (see {@link LocalDispatcher}). What that
 * handler allocates and computes is not the program's: it is left out of the memory budget and the
 * CPU check. A stop while the handler runs interrupts it and answers the caller at once through
 * {@link #outcome()}, so a handler that ignores interruption holds up only this thread, as it would
 * hold up its own virtual thread.
 */
public final class GraalPass {

  private static final JsonMapper MAPPER = JsonMapper.builder().build();

  /** Queued by {@link #stop} so that a loop waiting for completions wakes up and sees why. */
  private static final Settled WAKE_UP = new Settled(0, null);

  private static final com.sun.management.ThreadMXBean ALLOCATION =
      (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
  private static final java.lang.management.ThreadMXBean THREADS =
      ManagementFactory.getThreadMXBean();

  /**
   * Why the pass was cut short; {@code limit} names the limit that was hit, null for a stop that is
   * not one.
   */
  private record Stop(FailureKind kind, Limit limit, String message) {}

  /** How the program ended, as reported by the prelude. */
  private record Done(String status, String text, String thrownJson) {}

  /** A call's completion, waiting to be settled in the guest. */
  private record Settled(int id, CallDispatcher.Completion completion) {}

  private final ContextPool contexts;
  private final ScheduledExecutorService watchdog;
  private final String passId;
  private final String wrappedSource;
  private final String namespacesJson;
  private final CodeExecutionLimits limits;
  private final long wallNanos;
  private final CallDispatcher dispatcher;

  private final BlockingQueue<Settled> completions = new LinkedBlockingQueue<>();
  private final AtomicReference<Stop> stop = new AtomicReference<>();
  private final List<LogEntry> logs = new ArrayList<>();
  private final CompletableFuture<PassResult> outcome = new CompletableFuture<>();

  /** Taken to change {@link #inHandler}, and by a stop that finds it set: the two never overlap. */
  private final Object handlerLock = new Object();

  private volatile boolean inHandler;
  private volatile long handlerAllocated;
  private long handlerCpu;
  private Thread passThread;
  private int callCount;
  private volatile PreparedContext context;
  private Value settle;
  private Done done;
  private int logBytes;
  private long cpuAtStart;
  private long allocatedAtStart;

  public GraalPass(
      ContextPool contexts,
      ScheduledExecutorService watchdog,
      CallDispatcher dispatcher,
      String passId,
      String source,
      String namespacesJson,
      CodeExecutionLimits limits,
      long wallNanos) {
    this.contexts = contexts;
    this.watchdog = watchdog;
    this.passId = passId;
    this.wrappedSource = ProgramShape.wrap(source);
    this.namespacesJson = namespacesJson;
    this.limits = limits;
    this.wallNanos = wallNanos;
    this.dispatcher = dispatcher;
  }

  /**
   * Ends the pass early; safe from any thread. The first reason wins. {@code limit} names the limit
   * that was hit, null for a stop that is not one.
   */
  public void stop(FailureKind kind, Limit limit, String message) {
    Stop reason = new Stop(kind, limit, message);
    if (stop.compareAndSet(null, reason)) {
      completions.add(WAKE_UP);
      PreparedContext current = context;
      if (current != null) {
        watchdog.execute(current::close);
      }
      synchronized (handlerLock) {
        if (inHandler) {
          // No guest code runs while the pass thread is in a handler, so the logs are complete.
          passThread.interrupt();
          outcome.complete(failed(reason, null, dispatcher.close()));
        }
      }
    }
  }

  /**
   * The pass's result: completed when {@link #run()} ends, or sooner by a stop while a handler runs
   * here.
   */
  CompletableFuture<PassResult> outcome() {
    return outcome;
  }

  /**
   * Runs the pass on the calling thread and returns its result (the one {@link #outcome()} holds).
   * The context is closed after the result is out: closing takes about a tenth of a millisecond
   * that no caller needs to wait for.
   */
  public PassResult run() {
    try {
      outcome.complete(runToEnd());
    } catch (RuntimeException | Error e) {
      outcome.completeExceptionally(e);
      throw e;
    } finally {
      PreparedContext used = context;
      if (used != null) {
        used.close();
      }
    }
    return outcome.join();
  }

  private PassResult runToEnd() {
    passThread = Thread.currentThread();
    long deadline = System.nanoTime() + wallNanos;
    ScheduledFuture<?> timer =
        watchdog.schedule(
            () ->
                stop(
                    FailureKind.TIMEOUT,
                    null,
                    "the program ran past its wall-clock limit of "
                        + Durations.format(java.time.Duration.ofNanos(wallNanos))
                        + " (maxWallTime): overlap independent calls with Promise.all and ask for less data"),
            wallNanos,
            TimeUnit.NANOSECONDS);
    ScheduledFuture<?> ticks = tick(Thread.currentThread());
    Stop failure = null;
    try {
      PreparedContext prepared = contexts.take(limits, namespacesJson);
      Context ctx = prepared.context();
      context = prepared;
      if (stop.get() != null) {
        prepared.close();
      }
      prepared.host().bind(this);
      settle = prepared.settle();
      // The CPU budget is the program's: language initialisation and the prelude do not count
      // against it.
      ctx.resetLimits();
      cpuAtStart = THREADS.getCurrentThreadCpuTime();
      Value program = ctx.eval(Source.newBuilder("js", wrappedSource, "program.js").buildLiteral());
      prepared.start().execute(program);
      while (done == null && stop.get() == null) {
        if (completions.isEmpty()) {
          runHeldCall();
        }
        Settled next = awaitCompletion(deadline);
        if (next == null) {
          stop(
              FailureKind.TIMEOUT,
              null,
              "the program ran past its wall-clock limit of "
                  + Durations.format(java.time.Duration.ofNanos(wallNanos))
                  + " (maxWallTime)");
          break;
        }
        settleArrived(next);
      }
    } catch (PolyglotException e) {
      failure = classify(e);
    } catch (InterruptedException e) {
      stop(FailureKind.INTERRUPTED, null, "the pass was interrupted by its caller");
    } catch (RuntimeException e) {
      failure = new Stop(FailureKind.INTERNAL, null, "internal error in codemode4j: " + e);
    } finally {
      timer.cancel(false);
      ticks.cancel(false);
    }
    List<CallRecord> calls = dispatcher.close();
    Stop stopped = stop.get();
    if (stopped != null) {
      failure = stopped;
    }
    if (failure != null) {
      return failed(failure, null, calls);
    }
    if (done == null) {
      return failed(
          new Stop(FailureKind.INTERNAL, null, "the pass ended without an outcome"), null, calls);
    }
    return outcome(done, calls);
  }

  private PassResult outcome(Done done, List<CallRecord> calls) {
    switch (done.status) {
      case "ok" -> {
        int bytes = Utf8.length(done.text);
        if (bytes > limits.maxResultBytes()) {
          return failed(resultTooLarge(bytes), null, calls);
        }
        JsonNode result = MAPPER.readTree(done.text);
        return PassResult.succeeded(passId, result, logs, calls);
      }
      case "too_large" -> {
        return failed(resultTooLarge(Integer.parseInt(done.text)), null, calls);
      }
      case "not_json" -> {
        return failed(
            new Stop(
                FailureKind.NOT_JSON,
                null,
                done.text + " (return plain objects, arrays, strings, numbers, booleans or null)"),
            null,
            calls);
      }
      default -> {
        JsonNode thrown = parseQuietly(done.thrownJson);
        return failed(
            new Stop(FailureKind.THROWN, null, thrownMessage(done.text, thrown)), thrown, calls);
      }
    }
  }

  private Stop resultTooLarge(int size) {
    return new Stop(
        FailureKind.LIMIT,
        Limit.MAX_RESULT_BYTES,
        "the result is "
            + size
            + " bytes of JSON, over the limit of "
            + limits.maxResultBytes()
            + " bytes (maxResultBytes): return a smaller summary");
  }

  private static String thrownMessage(String errorText, JsonNode thrown) {
    if (thrown != null
        && thrown.isObject()
        && thrown.path("kind").isString()
        && thrown.path("tool").isString()
        && thrown.path("message").isString()) {
      JsonNode envelope = thrown;
      return "uncaught failure of "
          + envelope.get("tool").asString()
          + " ("
          + envelope.get("kind").asString()
          + "): "
          + envelope.get("message").asString();
    }
    return "the program threw " + errorText;
  }

  /** {@code thrown} is null unless the program threw a value. */
  private PassResult failed(Stop failure, JsonNode thrown, List<CallRecord> calls) {
    return PassResult.failed(
        passId, failure.kind(), failure.limit(), failure.message(), thrown, logs, calls);
  }

  /**
   * Every millisecond while the pass runs: starts a call the dispatcher still holds back (the
   * program made it and kept computing), and stops the pass once the program has allocated more
   * than {@code maxAllocatedBytes}. GraalJS has no heap limit here, and a memory bomb fills a 512
   * MB heap in seconds, so the thread's own allocation counter is polled; the context is closed
   * long before the heap is at risk. While a handler runs on the pass thread the counter is the
   * handler's, and is not checked.
   */
  private ScheduledFuture<?> tick(Thread passThread) {
    long threadId = passThread.threadId();
    allocatedAtStart = ALLOCATION.getThreadAllocatedBytes(threadId);
    return watchdog.scheduleAtFixedRate(
        () -> {
          dispatcher.releaseHeldCall();
          if (!inHandler
              && programAllocated(ALLOCATION.getThreadAllocatedBytes(threadId))
                  > limits.maxAllocatedBytes()) {
            stop(memoryLimit().kind(), memoryLimit().limit(), memoryLimit().message());
          }
        },
        1,
        1,
        TimeUnit.MILLISECONDS);
  }

  /**
   * What the program allocated, of {@code threadAllocated} bytes the pass thread has allocated in
   * all.
   */
  private long programAllocated(long threadAllocated) {
    return threadAllocated - allocatedAtStart - handlerAllocated;
  }

  /** Runs the call the dispatcher held back, if any, on this thread; see the class comment. */
  private void runHeldCall() {
    Runnable call = dispatcher.takeHeldCall();
    if (call == null) {
      return;
    }
    long allocated = ALLOCATION.getCurrentThreadAllocatedBytes();
    long cpu = THREADS.getCurrentThreadCpuTime();
    synchronized (handlerLock) {
      inHandler = true;
    }
    try {
      call.run();
    } finally {
      handlerAllocated += ALLOCATION.getCurrentThreadAllocatedBytes() - allocated;
      handlerCpu += THREADS.getCurrentThreadCpuTime() - cpu;
      synchronized (handlerLock) {
        inHandler = false;
      }
      if (stop.get() != null) {
        // The stop's interruption was for the handler, which has returned.
        Thread.interrupted();
      }
    }
  }

  private Stop memoryLimit() {
    return new Stop(
        FailureKind.LIMIT,
        Limit.MEMORY,
        "the program allocated more than "
            + limits.maxAllocatedBytes() / (1024 * 1024)
            + " MiB (maxAllocatedBytes): work on less data at once");
  }

  /** The stop for an exception GraalJS ended evaluation with; see {@link EngineFailure}. */
  private Stop classify(PolyglotException e) {
    EngineFailure.Signals signals = EngineFailure.Signals.of(e);
    // Allocation is read here on the pass thread itself, and CPU time only when GraalJS stopped it.
    boolean allocationSpent =
        (signals.resourceExhausted() || signals.cancelled())
            && programAllocated(ALLOCATION.getCurrentThreadAllocatedBytes())
                > limits.maxAllocatedBytes();
    boolean cpuSpent = (signals.resourceExhausted() || signals.cancelled()) && cpuTimeSpent();
    return switch (EngineFailure.classify(signals, allocationSpent, cpuSpent)) {
      case SYNTAX ->
          new Stop(FailureKind.INVALID_PROGRAM, null, "syntax error: " + signals.message());
      case MEMORY -> memoryLimit();
      case STACK ->
          new Stop(
              FailureKind.LIMIT,
              Limit.STACK,
              "the program called deeper than "
                  + limits.maxStackFrames()
                  + " frames (maxStackFrames): use a loop instead of deep recursion");
      case CPU ->
          new Stop(
              FailureKind.LIMIT,
              Limit.CPU,
              "the program used more than "
                  + Durations.format(limits.maxCpuTime())
                  + " of CPU time (maxCpuTime): do less work in JavaScript, "
                  + "e.g. aggregate in SQL");
      case OTHER_RESOURCE ->
          new Stop(
              FailureKind.LIMIT,
              Limit.RESOURCES,
              "the program exhausted a resource: " + signals.message());
      case STOPPED -> new Stop(FailureKind.TIMEOUT, null, "the program was stopped");
      case HOST ->
          new Stop(
              FailureKind.INTERNAL, null, "internal error in codemode4j: " + e.asHostException());
      case ENGINE_INTERNAL ->
          new Stop(FailureKind.INTERNAL, null, "internal error in GraalJS: " + signals.message());
      case THROWN -> new Stop(FailureKind.THROWN, null, "the program threw " + signals.message());
    };
  }

  /**
   * Whether this thread has used its CPU budget: GraalJS sometimes reports that limit as a bare
   * interruption.
   */
  private boolean cpuTimeSpent() {
    long used = THREADS.getCurrentThreadCpuTime() - cpuAtStart - handlerCpu;
    return used >= limits.maxCpuTime().toNanos();
  }

  Object onCall(Value... args) {
    String method = args[0].asString();
    String json = args[1].isNull() ? null : args[1].asString();
    int id = ++callCount;
    dispatcher.call(method, json, completion -> completions.add(new Settled(id, completion)));
    return id;
  }

  /** The next completion, or null once the deadline passes. */
  private Settled awaitCompletion(long deadline) throws InterruptedException {
    long remaining = deadline - System.nanoTime();
    return remaining > 0 ? completions.poll(remaining, TimeUnit.NANOSECONDS) : null;
  }

  /** Settles {@code first} and every completion queued behind it in one call into the guest. */
  private void settleArrived(Settled first) {
    StringBuilder batch = new StringBuilder("[");
    for (Settled next = first; next != null; next = completions.poll()) {
      if (next == WAKE_UP) {
        continue;
      }
      if (batch.length() > 1) {
        batch.append(',');
      }
      // Both kinds of completion text are JSON written by Jackson: a result, or a failure envelope.
      batch
          .append(next.id())
          .append(',')
          .append(next.completion().failure())
          .append(',')
          .append(next.completion().json());
    }
    if (batch.length() > 1) {
      settle.execute(batch.append(']').toString());
    }
  }

  Object onLog(Value... args) {
    String level = args[0].asString();
    String line = args[1].asString();
    int bytes = Utf8.length(line) + 1;
    if (logBytes + bytes > limits.maxLogBytes()) {
      stop(
          FailureKind.LIMIT,
          Limit.MAX_LOG_BYTES,
          "the program logged more than "
              + limits.maxLogBytes()
              + " bytes (maxLogBytes): log less and return the data instead");
      return null;
    }
    logBytes += bytes;
    logs.add(new LogEntry(LogEntry.Level.valueOf(level), line));
    return null;
  }

  Object onDone(Value... args) {
    if (done == null) {
      done =
          new Done(
              args[0].asString(), args[1].asString(), args[2].isNull() ? null : args[2].asString());
    }
    return null;
  }

  /** The value {@code json} holds; null for none, or for text that is not JSON. */
  private static JsonNode parseQuietly(String json) {
    if (json == null) {
      return null;
    }
    try {
      return MAPPER.readTree(json);
    } catch (JacksonException e) {
      return null;
    }
  }
}
