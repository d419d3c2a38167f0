package io.codemode4j.bridge.tool;

import tools.jackson.databind.JsonNode;

/**
 * Runs one call of a tool. Arguments arrive already validated against the tool's parameters schema;
 * the returned value is validated against its success schema before any program sees it.
 *
 * <p>Handlers may block (JDBC, HTTP). They run on virtual threads, except a call that a program
 * makes and then waits on alone: that one runs on the pass's own platform thread, which would
 * otherwise sit idle until it completes. An interrupted handler should stop and let the
 * interruption propagate: the pass that called it has ended. One that does not is left running, but
 * its pass still ends on time. Expected failures are thrown as a {@link ToolFailure}; anything else
 * thrown is recorded as a {@code failed} call whose message hides the exception's details from the
 * program.
 */
@FunctionalInterface
public interface ToolHandler {
  JsonNode handle(JsonNode arguments, CallContext context) throws ToolFailure, InterruptedException;
}
