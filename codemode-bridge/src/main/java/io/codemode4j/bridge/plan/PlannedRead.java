package io.codemode4j.bridge.plan;

import java.util.Objects;
import tools.jackson.databind.JsonNode;

/**
 * A read the planning pass ran, shown to the approver with what it returned: the writes that came
 * after it may depend on it.
 *
 * @param callId the read's call id in the planning pass
 * @param method the namespace path, e.g. {@code billing.invoices}
 * @param arguments its validated arguments
 * @param result what it returned
 */
public record PlannedRead(String callId, String method, JsonNode arguments, JsonNode result) {
  public PlannedRead {
    Objects.requireNonNull(callId, "callId");
    Objects.requireNonNull(method, "method");
    arguments = Objects.requireNonNull(arguments, "arguments").deepCopy();
    result = Objects.requireNonNull(result, "result").deepCopy();
  }

  @Override
  public JsonNode arguments() {
    return arguments.deepCopy();
  }

  @Override
  public JsonNode result() {
    return result.deepCopy();
  }
}
