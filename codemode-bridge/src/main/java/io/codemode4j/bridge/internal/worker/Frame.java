package io.codemode4j.bridge.internal.worker;

import io.codemode4j.bridge.CodeExecutionLimits;
import io.codemode4j.bridge.internal.broker.CallDispatcher;
import io.codemode4j.bridge.internal.engine.PassResult;
import io.codemode4j.bridge.outcome.CallRecord;
import io.codemode4j.bridge.outcome.FailureKind;
import io.codemode4j.bridge.outcome.Limit;
import io.codemode4j.bridge.outcome.LogEntry;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;

/**
 * One frame of the parent-worker protocol ({@link Frames} reads and writes them).
 *
 * <p>Decided: a sealed type with one record per frame, not a JSON object with a {@code type}
 * string, so each side handles every frame it accepts with an exhaustive switch and a frame that is
 * none of them is a {@link FrameProtocolException}, never read as another frame (the parent once
 * read any frame that was not {@code call} as {@code done}).
 */
sealed interface Frame {

  /** The frame's type, the {@code type} of its JSON. */
  FrameType type();

  /** Worker to parent, once: the worker is warm and takes a pass. */
  record Ready() implements Frame {
    @Override
    public FrameType type() {
      return FrameType.READY;
    }
  }

  /**
   * Parent to worker: run one pass.
   *
   * @param namespaces the sandbox's namespaces as JSON
   */
  record Run(String passId, String source, String namespaces, long wallNanos, WorkerLimits limits)
      implements Frame {
    public Run {
      Objects.requireNonNull(passId, "passId");
      Objects.requireNonNull(source, "source");
      Objects.requireNonNull(namespaces, "namespaces");
      Objects.requireNonNull(limits, "limits");
      if (wallNanos < 1) {
        throw new IllegalArgumentException("wallNanos must be at least 1, was " + wallNanos);
      }
    }

    @Override
    public FrameType type() {
      return FrameType.RUN;
    }
  }

  /**
   * Worker to parent: the program made an inner call.
   *
   * @param id the call's number within the pass, from 1
   * @param args the arguments as JSON text; null when they have no JSON form, or when they are over
   *     {@code maxHostCallBytes} and were left out (measured before framing, so an oversized
   *     argument is refused by the parent's broker like any other, and never makes a frame the
   *     parent cannot read)
   * @param bytes the UTF-8 size of the arguments' JSON, 0 when they have none
   */
  record Call(int id, String method, @Nullable String args, int bytes) implements Frame {
    public Call {
      Objects.requireNonNull(method, "method");
      if (bytes < 0) {
        throw new IllegalArgumentException("bytes must not be negative, was " + bytes);
      }
    }

    @Override
    public FrameType type() {
      return FrameType.CALL;
    }
  }

  /**
   * Parent to worker: call {@code id} settled with {@code completion}, the broker's own completion
   * type carried as it is.
   */
  record Completion(int id, CallDispatcher.Completion completion) implements Frame {
    public Completion {
      Objects.requireNonNull(completion, "completion");
    }

    @Override
    public FrameType type() {
      return FrameType.COMPLETION;
    }
  }

  /** Parent to worker: end the running pass as interrupted, with {@code message}. */
  record Stop(String message) implements Frame {
    public Stop {
      Objects.requireNonNull(message, "message");
    }

    @Override
    public FrameType type() {
      return FrameType.STOP;
    }
  }

  /**
   * Worker to parent: a pass ended. The ledger is never in it: the parent keeps it.
   *
   * @param failure null exactly when the program returned {@code result}
   * @param limit the limit a {@link FailureKind#LIMIT} failure hit; null otherwise
   * @param result the returned value ({@code null} JSON when the pass failed)
   * @param thrown the value the program threw; null when it threw none
   */
  record Done(
      String passId,
      @Nullable FailureKind failure,
      @Nullable Limit limit,
      String message,
      JsonNode result,
      @Nullable JsonNode thrown,
      List<LogEntry> logs)
      implements Frame {
    public Done {
      Objects.requireNonNull(passId, "passId");
      Objects.requireNonNull(message, "message");
      result = result == null ? JsonNodeFactory.instance.nullNode() : result;
      thrown = thrown == null || thrown.isNull() ? null : thrown;
      logs = List.copyOf(logs);
    }

    /** The frame that reports {@code result}. */
    static Done of(PassResult result) {
      return new Done(
          result.passId(),
          result.failure(),
          result.limit(),
          result.message(),
          result.result(),
          result.thrown(),
          result.logs());
    }

    /** The pass's result, with the ledger's {@code calls} as the parent knows them. */
    PassResult toResult(List<CallRecord> calls) {
      return failure == null
          ? PassResult.succeeded(passId, result, logs, calls)
          : PassResult.failed(passId, failure, limit, message, thrown, logs, calls);
    }

    @Override
    public FrameType type() {
      return FrameType.DONE;
    }
  }

  /**
   * The limits a worker's pass runs under, as they cross the wire.
   *
   * <p>Decided: a record of its own, so the public {@link CodeExecutionLimits} can change its shape
   * (names, types, builders) without changing the protocol, and the protocol's JSON is plain
   * numbers (durations in nanoseconds) rather than whatever Jackson makes of a {@link Duration}.
   * {@link #of} and {@link #toLimits} are the only conversion; the compact constructor checks the
   * values by building the public record, so the wire obeys the same rules as the API.
   */
  record WorkerLimits(
      int maxSourceBytes,
      long maxWallTimeNanos,
      long maxCpuTimeNanos,
      long maxAllocatedBytes,
      int maxStackFrames,
      int maxLogBytes,
      int maxResultBytes,
      int maxHostCalls,
      int maxHostCallBytes,
      int maxHostCallConcurrency) {

    public WorkerLimits {
      new CodeExecutionLimits(
          maxSourceBytes,
          Duration.ofNanos(maxWallTimeNanos),
          Duration.ofNanos(maxCpuTimeNanos),
          maxAllocatedBytes,
          maxStackFrames,
          maxLogBytes,
          maxResultBytes,
          maxHostCalls,
          maxHostCallBytes,
          maxHostCallConcurrency);
    }

    static WorkerLimits of(CodeExecutionLimits limits) {
      return new WorkerLimits(
          limits.maxSourceBytes(),
          limits.maxWallTime().toNanos(),
          limits.maxCpuTime().toNanos(),
          limits.maxAllocatedBytes(),
          limits.maxStackFrames(),
          limits.maxLogBytes(),
          limits.maxResultBytes(),
          limits.maxHostCalls(),
          limits.maxHostCallBytes(),
          limits.maxHostCallConcurrency());
    }

    CodeExecutionLimits toLimits() {
      return new CodeExecutionLimits(
          maxSourceBytes,
          Duration.ofNanos(maxWallTimeNanos),
          Duration.ofNanos(maxCpuTimeNanos),
          maxAllocatedBytes,
          maxStackFrames,
          maxLogBytes,
          maxResultBytes,
          maxHostCalls,
          maxHostCallBytes,
          maxHostCallConcurrency);
    }
  }
}
