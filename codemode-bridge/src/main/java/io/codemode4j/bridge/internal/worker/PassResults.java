package io.codemode4j.bridge.internal.worker;

import io.codemode4j.bridge.internal.engine.PassResult;
import io.codemode4j.bridge.outcome.CallRecord;
import io.codemode4j.bridge.outcome.FailureKind;
import io.codemode4j.bridge.outcome.Limit;
import java.util.List;
import tools.jackson.databind.node.JsonNodeFactory;

/** Results of passes the parent ends itself, without a {@code done} frame from the worker. */
final class PassResults {

  private PassResults() {}

  /** {@code limit} is null unless one was hit. */
  static PassResult failed(
      String passId, FailureKind kind, Limit limit, String message, List<CallRecord> calls) {
    return new PassResult(
        passId, kind, limit, message, JsonNodeFactory.instance.nullNode(), null, List.of(), calls);
  }
}
