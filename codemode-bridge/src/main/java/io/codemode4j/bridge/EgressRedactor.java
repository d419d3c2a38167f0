package io.codemode4j.bridge;

import tools.jackson.databind.JsonNode;

/**
 * Rewrites what the model may see before the byte budget applies: the result, each log line (as a
 * JSON string) and the thrown value. It must be total; if it throws anyway, nothing the program
 * produced reaches the model for that pass (the host still has all of it).
 */
@FunctionalInterface
public interface EgressRedactor {
  JsonNode redact(JsonNode value);
}
