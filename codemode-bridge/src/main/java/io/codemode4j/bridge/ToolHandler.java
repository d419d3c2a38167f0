package io.codemode4j.bridge;

import tools.jackson.databind.JsonNode;

/**
 * Runs one call of a tool. Arguments arrive already validated against the tool's parameters schema; the
 * returned value is validated against its success schema before any program sees it.
 *
 * <p>Handlers run on virtual threads and may block (JDBC, HTTP). An interrupted handler should stop and
 * let the interruption propagate: the pass that called it has ended. Expected failures are thrown as a
 * {@link ToolFailure}; anything else thrown is recorded as a {@code failed} call whose message hides the
 * exception's details from the program.
 */
@FunctionalInterface
public interface ToolHandler {
  JsonNode handle(JsonNode arguments, CallContext context) throws ToolFailure, InterruptedException;
}
