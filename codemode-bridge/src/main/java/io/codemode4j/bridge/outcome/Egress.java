package io.codemode4j.bridge.outcome;

import java.util.List;
import java.util.Objects;
import tools.jackson.databind.node.ObjectNode;

/**
 * What the model sees of a pass: {@code {"ok", "result", "logs", "calls", "omittedCalls", "error"}}
 * after {@code redactEgress} and within {@code maxEgressBytes}. Call evidence is kept before the
 * result, logs and thrown value; calls that did not fit are counted in {@code omittedCalls} (an
 * omitted call may still have run).
 *
 * @param json the model-visible object
 * @param bytes its size as compact UTF-8 JSON
 * @param omittedCalls calls left out for lack of room
 * @param omittedParts which of {@code result}, {@code logs}, {@code thrown} were cut or replaced
 */
public record Egress(ObjectNode json, int bytes, int omittedCalls, List<String> omittedParts) {
  public Egress {
    Objects.requireNonNull(json, "json");
    json = json.deepCopy();
    omittedParts = List.copyOf(omittedParts);
  }

  @Override
  public ObjectNode json() {
    return json.deepCopy();
  }
}
