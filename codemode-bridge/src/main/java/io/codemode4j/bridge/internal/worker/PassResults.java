package io.codemode4j.bridge.internal.worker;

import io.codemode4j.bridge.internal.engine.PassResult;
import io.codemode4j.bridge.outcome.CallRecord;
import io.codemode4j.bridge.outcome.FailureKind;
import io.codemode4j.bridge.outcome.Limit;
import io.codemode4j.bridge.outcome.LogEntry;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * A pass's outcome as a {@code done} frame from a worker, and back. The ledger is never in it: the
 * parent keeps it.
 */
final class PassResults {

  private PassResults() {}

  static ObjectNode toFrame(PassResult result) {
    ObjectNode frame =
        Frames.frame("done").put("passId", result.passId()).put("message", result.message());
    frame.put("failure", result.ok() ? null : result.failure().wireName());
    frame.put("limit", result.limit() == null ? null : result.limit().wireName());
    frame.set("result", result.result());
    frame.set("thrown", result.thrown());
    ArrayNode logs = frame.putArray("logs");
    result
        .logs()
        .forEach(
            log -> logs.addObject().put("level", log.level().name()).put("message", log.message()));
    return frame;
  }

  static PassResult fromFrame(JsonNode frame, List<CallRecord> calls) {
    List<LogEntry> logs = new ArrayList<>();
    frame
        .path("logs")
        .forEach(
            log ->
                logs.add(
                    new LogEntry(
                        LogEntry.Level.valueOf(log.get("level").asString()),
                        log.get("message").asString())));
    JsonNode thrown = frame.get("thrown");
    return new PassResult(
        frame.get("passId").asString(),
        failureKind(frame.get("failure")).orElse(null),
        text(frame.get("limit")).map(Limit::fromWireName).orElse(null),
        frame.get("message").asString(),
        frame.has("result") ? frame.get("result") : JsonNodeFactory.instance.nullNode(),
        thrown == null || thrown.isNull() ? null : thrown,
        logs,
        calls);
  }

  /** {@code limit} is null unless one was hit. */
  static PassResult failed(
      String passId, FailureKind kind, Limit limit, String message, List<CallRecord> calls) {
    return new PassResult(
        passId, kind, limit, message, JsonNodeFactory.instance.nullNode(), null, List.of(), calls);
  }

  private static Optional<FailureKind> failureKind(JsonNode wire) {
    if (wire == null || wire.isNull()) {
      return Optional.empty();
    }
    return Arrays.stream(FailureKind.values())
        .filter(k -> k.wireName().equals(wire.asString()))
        .findFirst()
        .or(() -> Optional.of(FailureKind.INTERNAL));
  }

  private static Optional<String> text(JsonNode node) {
    return node == null || node.isNull() ? Optional.empty() : Optional.of(node.asString());
  }
}
