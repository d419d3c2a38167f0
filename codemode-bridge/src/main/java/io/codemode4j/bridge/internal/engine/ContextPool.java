package io.codemode4j.bridge.internal.engine;

import io.codemode4j.bridge.CodeExecutionLimits;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
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
      notifyAll();
      if (context != null) {
        return context;
      }
    }
    stale.forEach(PreparedContext::close);
    return prepare(wanted);
  }

  private void refill() {
    while (true) {
      Key building;
      synchronized (this) {
        // Waits until a take has said what to prepare for and there is room, or the pool closes.
        while (true) {
          if (closed) {
            return;
          }
          Key wanted = key;
          if (wanted != null && ready.size() < size) {
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
