package io.codemode4j.bridge.internal.engine;

import io.codemode4j.bridge.CodeExecutionLimits;
import io.codemode4j.bridge.internal.GuestJson;
import io.codemode4j.bridge.internal.Utf8;
import io.codemode4j.bridge.internal.broker.CallDispatcher;
import io.codemode4j.bridge.internal.broker.LocalDispatcher;
import io.codemode4j.bridge.outcome.CallRecord;
import io.codemode4j.bridge.outcome.FailureKind;
import io.codemode4j.bridge.outcome.Limit;
import io.codemode4j.bridge.outcome.LogEntry;
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
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;

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
 *
 * <p>Decided: this class is the loop alone. The budgets GraalJS does not enforce itself are read by
 * a {@link PassMeter}, an exception that ends evaluation is classified by {@link EngineFailure},
 * and every failure's wording is in {@link PassMessages}.
 */
public final class GraalPass {

  /**
   * Queued by {@link #stop} so that a loop waiting for completions wakes up and sees why. Known by
   * identity and never settled: its completion is a placeholder.
   */
  private static final Settled WAKE_UP =
      new Settled(0, new CallDispatcher.Completion(false, "null"));

  /** How the program ended, as the prelude reports it: {@code host.done(status, text, thrown)}. */
  private enum Ending {
    /** {@code text} is the returned value as JSON. */
    OK,
    /** {@code text} is the size of the returned value's JSON, over {@code maxResultBytes}. */
    TOO_LARGE,
    /** {@code text} says why the returned value has no JSON form. */
    NOT_JSON,
    /** The program returned undefined; {@code text} is empty. */
    NOTHING,
    /**
     * {@code text} describes what the program threw; {@code thrown} is it as JSON, if it can be.
     */
    THROWN;

    /** The prelude's status names it; any other is a bug in the prelude. */
    static Ending of(String status) {
      return switch (status) {
        case "ok" -> OK;
        case "too_large" -> TOO_LARGE;
        case "not_json" -> NOT_JSON;
        case "nothing" -> NOTHING;
        case "thrown" -> THROWN;
        default -> throw new IllegalStateException("the prelude reported status " + status);
      };
    }
  }

  /** The prelude's report; {@code thrownJson} is null unless the program threw a JSON value. */
  private record Done(Ending ending, String text, @Nullable String thrownJson) {}

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
  private final AtomicReference<@Nullable PassStop> stop = new AtomicReference<>();
  private final List<LogEntry> logs = new ArrayList<>();
  private final CompletableFuture<PassResult> outcome = new CompletableFuture<>();

  /** Taken to change {@link #inHandler}, and by a stop that finds it set: the two never overlap. */
  private final Object handlerLock = new Object();

  private volatile boolean inHandler;

  /** Null until {@link #run()} starts. */
  private @Nullable Thread passThread;

  private int callCount;

  /** Null until {@link #run()} has taken a context. */
  private volatile @Nullable PreparedContext context;

  /** Null until the prelude reports the program's end. */
  private @Nullable Done done;

  private int logBytes;

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
  public void stop(FailureKind kind, @Nullable Limit limit, String message) {
    stop(new PassStop(kind, limit, message));
  }

  private void stop(PassStop reason) {
    if (stop.compareAndSet(null, reason)) {
      completions.add(WAKE_UP);
      PreparedContext current = context;
      if (current != null) {
        watchdog.execute(current::close);
      }
      synchronized (handlerLock) {
        Thread handlerThread = passThread;
        if (inHandler && handlerThread != null) {
          // No guest code runs while the pass thread is in a handler, so the logs are complete.
          // (inHandler is set only by run(), after passThread.)
          handlerThread.interrupt();
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
      contexts.passWaiting();
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
            () -> stop(PassMessages.wallTimeSpent(wallNanos)), wallNanos, TimeUnit.NANOSECONDS);
    PassMeter meter = new PassMeter(limits);
    ScheduledFuture<?> ticks = tick(meter);
    PassStop failure = null;
    try {
      PreparedContext prepared = contexts.take(limits, namespacesJson);
      Context ctx = prepared.context();
      context = prepared;
      if (stop.get() != null) {
        prepared.close();
      }
      prepared.host().bind(this);
      Value settle = prepared.settle();
      // The CPU budget is the program's: language initialisation and the prelude do not count
      // against it.
      meter.startCpu();
      Value program = ctx.eval(Source.newBuilder("js", wrappedSource, "program.js").buildLiteral());
      prepared.start().execute(program);
      if (done == null) {
        // The program waits on its calls from here (or this thread runs the one it holds).
        contexts.passWaiting();
      }
      while (done == null && stop.get() == null) {
        if (completions.isEmpty()) {
          runHeldCall(meter);
        }
        Settled next = awaitCompletion(deadline);
        if (next == null) {
          stop(PassMessages.wallTimeSpentWaiting(wallNanos));
          break;
        }
        settleArrived(settle, next);
      }
      // The watchdog reads the counters every millisecond; one large allocation, or the last of
      // the CPU budget, just before the program ends can fall between two reads, so the pass
      // thread reads them once more before the pass may end ok.
      if (done != null && stop.get() == null) {
        if (meter.allocationSpentHere()) {
          stop(PassMessages.memory(limits));
        } else if (meter.cpuSpentHere()) {
          stop(PassMessages.cpu(limits));
        }
      }
    } catch (PolyglotException e) {
      failure = PassMessages.engineFailure(EngineFailure.of(e, meter), e, limits);
    } catch (InterruptedException e) {
      stop(PassMessages.interrupted());
    } catch (RuntimeException | Error e) {
      // A bug here or in a handler run on this thread; the pass still ends with its ledger.
      failure = PassMessages.internal(e);
    } finally {
      timer.cancel(false);
      ticks.cancel(false);
    }
    List<CallRecord> calls = dispatcher.close();
    PassStop stopped = stop.get();
    if (stopped != null) {
      failure = stopped;
    }
    if (failure != null) {
      return failed(failure, null, calls);
    }
    if (done == null) {
      return failed(PassMessages.noOutcome(), null, calls);
    }
    try {
      return ended(done, calls);
    } catch (RuntimeException | Error e) {
      return failed(PassMessages.internal(e), null, calls);
    }
  }

  /**
   * Every millisecond while the pass runs: starts a call the dispatcher still holds back (the
   * program made it and kept computing), and stops the pass once the program has allocated more
   * than {@code maxAllocatedBytes} or spent more than {@code maxCpuTime} (see {@link PassMeter}).
   * While a handler runs on the pass thread the counters are the handler's, and are not checked.
   */
  private ScheduledFuture<?> tick(PassMeter meter) {
    return watchdog.scheduleAtFixedRate(
        () -> {
          dispatcher.releaseHeldCall();
          if (inHandler) {
            return;
          }
          if (meter.allocationSpent()) {
            stop(PassMessages.memory(limits));
          } else if (meter.cpuSpent()) {
            stop(PassMessages.cpu(limits));
          }
        },
        1,
        1,
        TimeUnit.MILLISECONDS);
  }

  /** Runs the call the dispatcher held back, if any, on this thread; see the class comment. */
  private void runHeldCall(PassMeter meter) {
    Runnable call = dispatcher.takeHeldCall();
    if (call == null) {
      return;
    }
    meter.handlerStarting();
    synchronized (handlerLock) {
      inHandler = true;
    }
    try {
      call.run();
    } finally {
      // Counted before inHandler is cleared, so no tick sees the handler's bytes as the program's.
      meter.handlerEnded();
      synchronized (handlerLock) {
        inHandler = false;
      }
      if (stop.get() != null) {
        // The stop's interruption was for the handler, which has returned.
        Thread.interrupted();
      }
    }
  }

  /** The next completion, or null once the deadline passes. */
  private @Nullable Settled awaitCompletion(long deadline) throws InterruptedException {
    long remaining = deadline - System.nanoTime();
    return remaining > 0 ? completions.poll(remaining, TimeUnit.NANOSECONDS) : null;
  }

  /**
   * Settles {@code first} and every completion queued behind it in one call into the guest, the
   * prelude's {@code settle} function.
   */
  private void settleArrived(Value settle, Settled first) {
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

  /** The result of a program that ended by itself, as the prelude reported. */
  private PassResult ended(Done done, List<CallRecord> calls) {
    return switch (done.ending()) {
      case OK -> {
        int bytes = Utf8.length(done.text());
        if (bytes > limits.maxResultBytes()) {
          yield failed(PassMessages.resultTooLarge(bytes, false, limits), null, calls);
        }
        try {
          yield PassResult.succeeded(
              passId, GuestJson.read(done.text(), "the returned value"), logs, calls);
        } catch (GuestJson.UnreadableException e) {
          yield failed(PassMessages.unreadable(e), null, calls);
        }
      }
      case TOO_LARGE ->
          failed(
              PassMessages.resultTooLarge(Integer.parseInt(done.text()), true, limits),
              null,
              calls);
      case NOT_JSON -> failed(PassMessages.notJson(done.text()), null, calls);
      case NOTHING -> failed(PassMessages.returnedNothing(), null, calls);
      case THROWN -> {
        JsonNode thrown = GuestJson.readOrNull(done.thrownJson());
        yield failed(
            PassMessages.thrown(done.text(), thrown, namespacesJson, wrappedSource), thrown, calls);
      }
    };
  }

  /** {@code thrown} is null unless the program threw a value. */
  private PassResult failed(PassStop failure, @Nullable JsonNode thrown, List<CallRecord> calls) {
    return PassResult.failed(
        passId, failure.kind(), failure.limit(), failure.message(), thrown, logs, calls);
  }

  // The prelude's host callbacks (see PassHost), called on the pass thread while guest code runs.

  Object onCall(Value... args) {
    String method = args[0].asString();
    String json = args[1].isNull() ? null : args[1].asString();
    int id = ++callCount;
    dispatcher.call(method, json, completion -> completions.add(new Settled(id, completion)));
    return id;
  }

  @Nullable Object onLog(Value... args) {
    String level = args[0].asString();
    String line = args[1].asString();
    int bytes = Utf8.length(line) + 1;
    if (logBytes + bytes > limits.maxLogBytes()) {
      stop(PassMessages.logBytes(limits));
      return null;
    }
    logBytes += bytes;
    logs.add(new LogEntry(LogEntry.Level.valueOf(level), line));
    return null;
  }

  @Nullable Object onDone(Value... args) {
    if (done == null) {
      done =
          new Done(
              Ending.of(args[0].asString()),
              args[1].asString(),
              args[2].isNull() ? null : args[2].asString());
    }
    return null;
  }
}
