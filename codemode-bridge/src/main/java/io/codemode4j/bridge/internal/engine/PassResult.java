package io.codemode4j.bridge.internal.engine;

import io.codemode4j.bridge.outcome.CallRecord;
import io.codemode4j.bridge.outcome.FailureKind;
import io.codemode4j.bridge.outcome.Limit;
import io.codemode4j.bridge.outcome.LogEntry;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;

/**
 * What the executor knows when a pass has ended and every resource is closed, before egress is
 * shaped. {@code failure} is null exactly when the program returned {@code result}; {@code limit}
 * is null unless a limit was hit, {@code thrown} unless the program threw a value.
 *
 * <p>Decided: built only through the factories, one per way a pass ends ({@link #succeeded}, {@link
 * #failed}, {@link #failedWithoutOutput}), so that the rules tying the eight components together (a
 * failed pass returns {@code null} JSON, a successful one says {@code ok}) are written once rather
 * than at each of the six places that end a pass; the compact constructor checks them.
 */
public record PassResult(
    String passId,
    @Nullable FailureKind failure,
    @Nullable Limit limit,
    String message,
    JsonNode result,
    @Nullable JsonNode thrown,
    List<LogEntry> logs,
    List<CallRecord> calls) {

  public PassResult {
    Objects.requireNonNull(passId, "passId");
    Objects.requireNonNull(message, "message");
    Objects.requireNonNull(result, "result");
    if (failure == null && (limit != null || thrown != null)) {
      throw new IllegalArgumentException(
          "a pass that returned a value hit no limit and threw none");
    }
    if (limit != null && failure != FailureKind.LIMIT) {
      throw new IllegalArgumentException("a limit is reported as failure " + FailureKind.LIMIT);
    }
    if (failure != null && !result.isNull()) {
      throw new IllegalArgumentException("a failed pass returned no value");
    }
    logs = List.copyOf(logs);
    calls = List.copyOf(calls);
  }

  /** The program returned {@code result}. */
  public static PassResult succeeded(
      String passId, JsonNode result, List<LogEntry> logs, List<CallRecord> calls) {
    return new PassResult(passId, null, null, "ok", result, null, logs, calls);
  }

  /**
   * The program ran and failed: it threw ({@code thrown} is the value, null when it threw none),
   * hit {@code limit} (null unless one was hit), or was stopped; {@code logs} is what it logged.
   */
  public static PassResult failed(
      String passId,
      FailureKind failure,
      @Nullable Limit limit,
      String message,
      @Nullable JsonNode thrown,
      List<LogEntry> logs,
      List<CallRecord> calls) {
    Objects.requireNonNull(failure, "failure");
    return new PassResult(
        passId, failure, limit, message, JsonNodeFactory.instance.nullNode(), thrown, logs, calls);
  }

  /**
   * The pass failed where none of the program's output is known: it never ran (an invalid program,
   * no free worker), or the host ended it without the engine's report (a worker that died, timed
   * out or broke the protocol, an engine that did not wind down). {@code limit} is null unless one
   * was hit.
   */
  public static PassResult failedWithoutOutput(
      String passId,
      FailureKind failure,
      @Nullable Limit limit,
      String message,
      List<CallRecord> calls) {
    return failed(passId, failure, limit, message, null, List.of(), calls);
  }

  /** Whether the program returned a value. */
  public boolean ok() {
    return failure == null;
  }
}
