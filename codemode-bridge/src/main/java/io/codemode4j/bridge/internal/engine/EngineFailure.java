package io.codemode4j.bridge.internal.engine;

import java.util.Objects;
import org.graalvm.polyglot.PolyglotException;
import org.jspecify.annotations.Nullable;

/**
 * Why GraalJS ended a pass's evaluation, read from the {@link PolyglotException}'s own properties.
 *
 * <p>Decided: every kind but two comes from a property GraalJS sets ({@link
 * PolyglotException#isSyntaxError()}, {@link PolyglotException#isResourceExhausted()}, {@link
 * PolyglotException#isCancelled()}, {@link PolyglotException#isInterrupted()}, {@link
 * PolyglotException#isHostException()}, {@link PolyglotException#isInternalError()}), never from
 * its message. GraalJS has no property that says which sandbox limit a resource-exhausted error
 * hit, so {@link #ofResourceExhaustion} alone reads the message, for the one limit GraalJS enforces
 * itself ({@code sandbox.MaxStackFrames}); the counters the pass keeps ({@code allocationSpent},
 * {@code cpuSpent}), whose budgets the pass's watchdog enforces by cancelling the context, are
 * asked first and second.
 */
enum EngineFailure {
  /** The program does not parse. */
  SYNTAX,
  /** The program allocated past its budget (read from the thread's allocation counter). */
  MEMORY,
  /** {@code sandbox.MaxStackFrames} was hit. */
  STACK,
  /** The thread has spent its CPU budget (read from the thread's CPU clock). */
  CPU,
  /** A resource GraalJS does not name was exhausted. */
  OTHER_RESOURCE,
  /** The context was cancelled or interrupted from outside (wall time, a stop, a caller). */
  STOPPED,
  /** A Java exception from the host escaped into the program: a bug in codemode4j. */
  HOST,
  /** GraalJS itself failed. */
  ENGINE_INTERNAL,
  /** The program threw, or evaluation ended in any other way. */
  THROWN;

  /**
   * The properties of a {@link PolyglotException} the classification reads, so it can be tested
   * without booting a context.
   */
  record Signals(
      boolean syntaxError,
      boolean resourceExhausted,
      boolean cancelled,
      boolean interrupted,
      boolean hostException,
      boolean internalError,
      String message) {
    public Signals {
      Objects.requireNonNull(message, "message");
    }

    static Signals of(PolyglotException e) {
      return new Signals(
          e.isSyntaxError(),
          e.isResourceExhausted(),
          e.isCancelled(),
          e.isInterrupted(),
          e.isHostException(),
          e.isInternalError(),
          String.valueOf(e.getMessage()));
    }
  }

  /**
   * The class of {@code e}, which GraalJS ended a pass's evaluation with; called on the pass
   * thread, where {@code meter} reads the program's own counters. Allocation and CPU time are read
   * only when GraalJS stopped evaluation itself (resource exhaustion or cancellation), the only
   * classes they can change.
   */
  static EngineFailure of(PolyglotException e, PassMeter meter) {
    Signals signals = Signals.of(e);
    boolean stoppedByEngine = signals.resourceExhausted() || signals.cancelled();
    return classify(
        signals,
        stoppedByEngine && meter.allocationSpentHere(),
        stoppedByEngine && meter.cpuSpentHere());
  }

  /**
   * @param allocationSpent whether the pass has allocated past its budget; a busy watchdog may see
   *     that after GraalJS saw the CPU time, and the budget spent first is the one to report
   * @param cpuSpent whether the pass thread has used its CPU budget: the watchdog's cancellation
   *     reaches the program as a bare one
   */
  static EngineFailure classify(Signals e, boolean allocationSpent, boolean cpuSpent) {
    if (e.syntaxError()) {
      return SYNTAX;
    }
    if (e.resourceExhausted() || e.cancelled()) {
      if (allocationSpent) {
        return MEMORY;
      }
      if (ofResourceExhaustion(e.message()) == STACK) {
        return STACK;
      }
      if (cpuSpent) {
        return CPU;
      }
      return e.resourceExhausted() ? OTHER_RESOURCE : STOPPED;
    }
    if (e.interrupted()) {
      return STOPPED;
    }
    if (e.hostException()) {
      return HOST;
    }
    if (e.internalError()) {
      return ENGINE_INTERNAL;
    }
    return THROWN;
  }

  /**
   * The sandbox limit a resource-exhausted message names: {@link #STACK} for GraalJS's "Maximum
   * frame limit of N exceeded"; null for any other. The one place a message is read, because
   * GraalJS gives no other signal.
   */
  static @Nullable EngineFailure ofResourceExhaustion(String message) {
    return message.contains("frame limit") ? STACK : null;
  }
}
