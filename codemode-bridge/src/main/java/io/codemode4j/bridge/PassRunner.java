package io.codemode4j.bridge;

import io.codemode4j.bridge.audit.InternalFailure;
import io.codemode4j.bridge.event.PassEnded;
import io.codemode4j.bridge.event.PassStarted;
import io.codemode4j.bridge.internal.broker.Broker;
import io.codemode4j.bridge.internal.broker.GuardedListeners;
import io.codemode4j.bridge.internal.broker.PlanRecorder;
import io.codemode4j.bridge.internal.engine.CodeExecutor;
import io.codemode4j.bridge.internal.engine.GraalExecutor;
import io.codemode4j.bridge.internal.engine.PassResult;
import io.codemode4j.bridge.internal.engine.ProgramShape;
import io.codemode4j.bridge.internal.worker.WorkerProcessExecutor;
import io.codemode4j.bridge.outcome.Egress;
import io.codemode4j.bridge.outcome.FailureKind;
import io.codemode4j.bridge.outcome.PassFailure;
import io.codemode4j.bridge.outcome.PassOutcome;
import io.codemode4j.bridge.outcome.PassSuccess;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.jspecify.annotations.Nullable;

/**
 * A Code Mode's pass lifecycle: a program's shape checked, the program run by the executor the
 * isolation chose against the methods a run may see, its result shaped into the egress the model
 * sees, and the pass's start and end told to the listeners. {@link CodeMode} decides what a run may
 * see and answers its callers; this runs the pass. Decided: every pass ends as a {@link
 * PassOutcome}, also when the executor or the egress shaping fails, since a bug in codemode4j must
 * not become an exception in the host's request.
 */
final class PassRunner implements AutoCloseable {

  /** How long a warm-up pass may take: far above the second a fresh engine needs for its first. */
  private static final Duration WARM_UP_WALL_TIME = Duration.ofSeconds(60);

  private final Allowlist allowlist;

  /** Every method's namespaces, as the sandbox of a run that sees them all installs them. */
  private final String namespacesJson;

  private final Broker broker;

  /** Null when no one listens: no event is then built. */
  private final @Nullable GuardedListeners listeners;

  private final CodeExecutionLimits limits;
  private final String toolName;
  private final EgressShaper egress;
  private final CodeExecutor executor;

  /**
   * Starts the executor {@code config}'s isolation names (a pool of worker JVMs for {@link
   * Isolation.Process}); {@link #close} stops it.
   */
  PassRunner(
      CodeModeConfig config,
      Allowlist allowlist,
      Broker broker,
      @Nullable GuardedListeners listeners,
      String toolName) {
    this.allowlist = allowlist;
    this.namespacesJson = Allowlist.namespacesJson(allowlist.methods());
    this.broker = broker;
    this.listeners = listeners;
    this.limits = config.limits();
    this.toolName = toolName;
    this.egress = new EgressShaper(config.maxEgressBytes(), config.redactEgress());
    this.executor =
        switch (config.isolation()) {
          case Isolation.InProcess inProcess -> new GraalExecutor(config.readyContexts());
          case Isolation.Process process -> new WorkerProcessExecutor(process);
        };
  }

  /**
   * Runs one pass of {@code code} for {@code run}, whose sandbox holds only {@code visible}; with a
   * {@code recorder}, the broker records each {@code needsApproval} call in its plan instead of
   * running it (see {@link CodeMode#plan}).
   */
  PassOutcome run(
      String code,
      RunContext run,
      List<Allowlist.Method> visible,
      @Nullable PlanRecorder recorder) {
    String sandboxNamespaces =
        visible.size() == allowlist.methods().size()
            ? namespacesJson
            : Allowlist.namespacesJson(visible);
    RunContext visibleRun = allowlist.narrow(run, visible);
    String passId = "pass-" + UUID.randomUUID();
    long started = System.nanoTime();
    Instant startedAt = Instant.now();
    if (listeners != null) {
      listeners.onPassStarted(
          new PassStarted(
              run.runId(),
              passId,
              run.parentCallId(),
              toolName,
              run.principal().id(),
              run.principal().tenant(),
              startedAt));
    }
    if (recorder != null) {
      broker.planning(passId, recorder);
    }
    PassResult result;
    try {
      String program = ProgramShape.check(code, limits.maxSourceBytes());
      Duration wall =
          run.remainingTime() != null && run.remainingTime().compareTo(limits.maxWallTime()) < 0
              ? run.remainingTime()
              : limits.maxWallTime();
      result =
          executor.execute(
              broker, passId, program, sandboxNamespaces, visibleRun, limits, wall.toNanos());
    } catch (ProgramShape.InvalidProgram e) {
      result =
          PassResult.failedWithoutOutput(
              passId, FailureKind.INVALID_PROGRAM, null, e.getMessage(), List.of());
    } catch (RuntimeException e) {
      // The executors end every pass with a result; this is a bug in codemode4j, and still an
      // outcome rather than an exception in the caller's request.
      result =
          PassResult.failedWithoutOutput(
              passId, FailureKind.INTERNAL, null, InternalFailure.report("", e), List.of());
    } finally {
      broker.planned(passId);
    }
    PassOutcome outcome;
    try {
      outcome = outcome(result);
    } catch (RuntimeException e) {
      result =
          PassResult.failedWithoutOutput(
              passId,
              FailureKind.INTERNAL,
              null,
              InternalFailure.report(" while shaping the egress", e),
              result.calls());
      outcome = outcome(result);
    }
    if (listeners != null) {
      listeners.onPassEnded(
          new PassEnded(
              run.runId(),
              passId,
              run.parentCallId(),
              toolName,
              startedAt,
              Duration.ofNanos(System.nanoTime() - started),
              result.failure(),
              result.limit(),
              result.calls()));
    }
    return outcome;
  }

  /**
   * Runs {@code passes} trivial passes that see every method, straight on the executor: no listener
   * hears of them and no egress is shaped (see {@link CodeMode#warmUp}).
   */
  void warmUp(int passes) {
    RunContext run = RunContext.of("warm-up", Principal.unconfined("warm-up"));
    for (int i = 0; i < passes; i++) {
      executor.execute(
          broker,
          "warm-up-" + i,
          "async () => 1",
          namespacesJson,
          run,
          limits,
          WARM_UP_WALL_TIME.toNanos());
    }
  }

  private PassOutcome outcome(PassResult result) {
    Egress shaped = egress.shape(result);
    FailureKind failure = result.failure();
    if (failure == null) {
      return new PassSuccess(
          result.passId(), result.result(), result.logs(), result.calls(), shaped);
    }
    return new PassFailure(
        result.passId(),
        failure,
        result.limit(),
        result.message(),
        result.thrown(),
        result.logs(),
        result.calls(),
        shaped);
  }

  @Override
  public void close() {
    executor.close();
  }
}
