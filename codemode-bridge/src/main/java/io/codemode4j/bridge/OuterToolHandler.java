package io.codemode4j.bridge;

import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;

/**
 * Answers one call of an {@link OuterTool} for the model.
 *
 * <p>Decided: what the model can get wrong comes back as a result, never as an exception, so that
 * an MCP server (where a thrown exception becomes a JSON-RPC internal error the model never reads)
 * and a LangChain4j executor pass it to the model alike: arguments outside the input schema are an
 * {@link OuterToolResult.Failure} of kind {@link OuterToolResult.ErrorKind#INVALID_ARGUMENTS}. An
 * exception means a fault of the host (a run that may not see a method the description declares,
 * see {@link CodeMode#run}), which the model cannot fix.
 */
@FunctionalInterface
public interface OuterToolHandler {

  /**
   * Handles one call.
   *
   * @param arguments the call's arguments as the model sent them; null (an MCP request may omit
   *     them) is answered like any other invalid arguments
   * @param run the agent run the call belongs to; its {@code parentCallId} is this call's id
   */
  OuterToolResult handle(@Nullable JsonNode arguments, RunContext run);
}
