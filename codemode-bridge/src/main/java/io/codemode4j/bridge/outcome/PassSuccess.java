package io.codemode4j.bridge.outcome;

import java.util.List;
import java.util.Objects;
import tools.jackson.databind.JsonNode;

/** A program that returned a JSON value. */
public record PassSuccess(
    String passId, JsonNode result, List<LogEntry> logs, List<CallRecord> calls, Egress egress)
    implements PassOutcome {
  public PassSuccess {
    Objects.requireNonNull(passId, "passId");
    Objects.requireNonNull(result, "result");
    logs = List.copyOf(logs);
    calls = List.copyOf(calls);
    Objects.requireNonNull(egress, "egress");
  }
}
