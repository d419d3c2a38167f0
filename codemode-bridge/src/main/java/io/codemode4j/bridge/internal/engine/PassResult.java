package io.codemode4j.bridge.internal.engine;

import io.codemode4j.bridge.outcome.CallRecord;
import io.codemode4j.bridge.outcome.FailureKind;
import io.codemode4j.bridge.outcome.Limit;
import io.codemode4j.bridge.outcome.LogEntry;
import java.util.List;
import tools.jackson.databind.JsonNode;

/**
 * What the executor knows when a pass has ended and every resource is closed, before egress is
 * shaped. {@code failure} is null exactly when the program returned {@code result}; {@code limit}
 * is null unless a limit was hit, {@code thrown} unless the program threw a value.
 */
public record PassResult(
    String passId,
    FailureKind failure,
    Limit limit,
    String message,
    JsonNode result,
    JsonNode thrown,
    List<LogEntry> logs,
    List<CallRecord> calls) {

  public PassResult {
    logs = List.copyOf(logs);
    calls = List.copyOf(calls);
  }

  /** Whether the program returned a value. */
  public boolean ok() {
    return failure == null;
  }
}
