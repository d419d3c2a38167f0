package io.codemode4j.bridge.plan;

import java.util.List;
import java.util.Objects;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * A write the planning pass recorded instead of running: validated against the tool's parameters
 * and allowed by the host's authorization hook, its handler not run.
 *
 * @param step its place in the plan, the program's invocation order (1 for its first call)
 * @param callId the write's call id in the planning pass
 * @param method the namespace path, e.g. {@code billing.flagInvoice}
 * @param tool the tool behind it
 * @param arguments the arguments it will run with, exactly
 * @param idempotencyKey the same each time the plan is applied, given to the handler ({@code
 *     CallContext.idempotencyKey}) so the tool writes it once
 * @param dependsOn the call ids of the reads that had returned when the program made this write:
 *     what it may have been computed from
 */
public record PlannedWrite(
    int step,
    String callId,
    String method,
    String tool,
    JsonNode arguments,
    String idempotencyKey,
    List<String> dependsOn) {
  public PlannedWrite {
    if (step < 1) {
      throw new IllegalArgumentException("a plan's steps count from 1, was " + step);
    }
    Objects.requireNonNull(callId, "callId");
    Objects.requireNonNull(method, "method");
    Objects.requireNonNull(tool, "tool");
    arguments = Objects.requireNonNull(arguments, "arguments").deepCopy();
    Objects.requireNonNull(idempotencyKey, "idempotencyKey");
    dependsOn = List.copyOf(dependsOn);
  }

  @Override
  public JsonNode arguments() {
    return arguments.deepCopy();
  }

  /**
   * The write as JSON, fields in a fixed order (the plan's MAC is computed over it): step, callId,
   * method, tool, arguments, idempotencyKey, dependsOn.
   */
  public ObjectNode toJson() {
    ObjectNode json =
        JsonNodeFactory.instance
            .objectNode()
            .put("step", step)
            .put("callId", callId)
            .put("method", method)
            .put("tool", tool);
    json.set("arguments", arguments.deepCopy());
    json.put("idempotencyKey", idempotencyKey);
    ArrayNode depends = json.putArray("dependsOn");
    dependsOn.forEach(depends::add);
    return json;
  }
}
