package io.codemode4j.bridge.internal.engine;

import io.codemode4j.bridge.CodeExecutionLimits;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Contexts prepared ahead of the passes that take them, and the engine they share.
 *
 * <p>Decided: building a context, its realm (every built-in constructor) and running the prelude
 * were about 70% of a trivial pass's CPU (BENCHMARKS.md, run 7's report, "Warm pass"). A background
 * thread keeps a few such contexts ready, so a pass starts at its program. Each context is still
 * used by exactly one pass and then closed: it is never given to a program before its pass takes
 * it, so nothing can carry from one pass to another. When none is ready (a burst of passes), the
 * pass prepares its own on its thread, as it would without the pool.
 *
 * <p>Decided: a take that leaves a context ready does not start the refill; the pass that took it
 * asks for the refill once it waits on its calls or ends ({@link #passWaiting}). Preparing a
 * context is a few hundred microseconds of CPU, and started at the take it ran beside the start of
 * the pass that took it, on these two cores: the evaluation of the program and its first calls, the
 * critical path of a program that fans out. Measured (2026-12-06, 64 calls sleeping 20 ms at once,
 * interleaved blocks in one JVM, load 7): median pass 21.70 ms with the refill at the take against
 * 21.41 ms with it deferred, and 22.40 against 21.70 ms in a second run. A take of the last ready
 * context starts the refill at once, so a burst of passes is not left to prepare its own.
 *
 * <p>A context is prepared for one shape of pass: the stack-depth limit GraalJS enforces for it,
 * the namespaces the program sees and the result limit the prelude checks. Ready contexts are kept
 * for the shape of the latest pass; a pass of another shape (another run's visibility) prepares its
 * own and makes its shape the one to keep ready.
 */
public final class ContextPool implements AutoCloseable {

  private static final Logger LOG = LoggerFactory.getLogger(ContextPool.class);
  private static final Duration CLOSE_WAIT = Duration.ofSeconds(10);

  /** What a context is prepared for. */
  private record Key(int maxStackFrames, String namespacesJson, int maxResultBytes) {
    static Key of(CodeExecutionLimits limits, String namespacesJson) {
      return new Key(limits.maxStackFrames(), namespacesJson, limits.maxResultBytes());
    }
  }

  private final Sandbox sandbox;
  private final int size;

  /** Null when {@code size} is 0: nothing is prepared ahead. */
  private final @Nullable Thread refiller;

  private final ArrayDeque<PreparedContext> ready = new ArrayDeque<>();

  /** Null until the first {@link #take}: what the ready contexts are prepared for. */
  private @Nullable Key key;

  /** A take emptied the pool or a pass waits: the refill may run until the pool is full. */
  private boolean refillAsked;

  private boolean closed;

  /**
   * Keeps up to {@code size} contexts ready on {@code sandbox}'s engine; 0 prepares each on its
   * pass's thread.
   */
  public ContextPool(Sandbox sandbox, int size) {
    if (size < 0) {
      throw new IllegalArgumentException("size must not be negative, was " + size);
    }
    this.sandbox = sandbox;
    this.size = size;
    this.refiller =
        size == 0
            ? null
            : Thread.ofPlatform().name("codemode-context-pool").daemon(true).start(this::refill);
  }

  /**
   * A context prepared for {@code limits} with the namespaces of {@code namespacesJson} installed,
   * ready or built now; the caller owns and closes it.
   */
  PreparedContext take(CodeExecutionLimits limits, String namespacesJson) {
    Key wanted = Key.of(limits, namespacesJson);
    List<PreparedContext> stale = List.of();
    synchronized (this) {
      if (closed) {
        throw new IllegalStateException("Code Mode is closed");
      }
      if (!wanted.equals(key)) {
        stale = new ArrayList<>(ready);
        ready.clear();
        key = wanted;
      }
      PreparedContext context = ready.pollFirst();
      if (ready.isEmpty()) {
        askRefill();
      }
      if (context != null) {
        return context;
      }
    }
    stale.forEach(PreparedContext::close);
    return prepare(wanted);
  }

  /**
   * Called by a pass that took a context, once it waits on its calls and once it ends: the refill
   * may now prepare the contexts taken since it last ran (see the class comment).
   */
  synchronized void passWaiting() {
    if (ready.size() < size) {
      askRefill();
    }
  }

  private void askRefill() {
    refillAsked = true;
    notifyAll();
  }

  /**
   * Waits until {@code count} contexts are ready; false when {@code timeout} passes first. For
   * tests, which see the refill's work through it instead of sleeping.
   */
  synchronized boolean awaitReady(int count, Duration timeout) throws InterruptedException {
    long until = System.nanoTime() + timeout.toNanos();
    while (ready.size() < count) {
      long left = until - System.nanoTime();
      if (left <= 0) {
        return false;
      }
      TimeUnit.NANOSECONDS.timedWait(this, left);
    }
    return true;
  }

  private void refill() {
    while (true) {
      Key building;
      synchronized (this) {
        // Waits until a take has said what to prepare for and the refill is asked for, or the
        // pool closes.
        while (true) {
          if (closed) {
            return;
          }
          Key wanted = key;
          if (wanted != null && refillAsked) {
            building = wanted;
            break;
          }
          try {
            wait();
          } catch (InterruptedException e) {
            return;
          }
        }
      }
      PreparedContext context;
      try {
        context = prepare(building);
      } catch (RuntimeException e) {
        synchronized (this) {
          if (!closed) {
            LOG.warn(
                "preparing a context ahead of its pass failed; passes prepare their own from now on",
                e);
          }
        }
        return;
      }
      synchronized (this) {
        if (!closed && building.equals(key) && ready.size() < size) {
          ready.addLast(context);
          context = null;
          // Full: a take from now on asks again (cleared here, not when the loop comes round, so
          // that a take in between does not find the old ask still standing).
          refillAsked = ready.size() < size;
          notifyAll();
        }
      }
      if (context != null) {
        context.close();
      }
    }
  }

  private PreparedContext prepare(Key key) {
    return sandbox.prepare(key.maxStackFrames(), key.namespacesJson(), key.maxResultBytes());
  }

  /**
   * Closes the ready contexts and the engine; a context a pass still holds is cancelled with the
   * engine.
   */
  @Override
  public void close() {
    List<PreparedContext> left;
    synchronized (this) {
      if (closed) {
        return;
      }
      closed = true;
      left = new ArrayList<>(ready);
      ready.clear();
      notifyAll();
    }
    if (refiller != null) {
      try {
        // A context being prepared finishes in milliseconds once warm; the first can take a second.
        refiller.join(CLOSE_WAIT);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    left.forEach(PreparedContext::close);
    sandbox.close();
  }
}
