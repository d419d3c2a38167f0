package io.codemode4j.bridge.internal.engine;

import io.codemode4j.bridge.outcome.CallRecord;
import io.codemode4j.bridge.outcome.FailureKind;
import io.codemode4j.bridge.outcome.LogEntry;
import java.util.List;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/**
 * What the executor knows when a pass has ended and every resource is closed, before egress is shaped.
 * {@code failure} is empty exactly when the program returned {@code result}.
 */
public record PassResult(
    String passId,
    Optional<FailureKind> failure,
    Optional<String> limit,
    String message,
    JsonNode result,
    Optional<JsonNode> thrown,
    List<LogEntry> logs,
    List<CallRecord> calls) {

  public PassResult {
    logs = List.copyOf(logs);
    calls = List.copyOf(calls);
  }
}
