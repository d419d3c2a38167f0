package io.codemode4j.agent;

import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;

/**
 * One model request and what came of it.
 *
 * @param index from 1
 * @param exposedTools the tools the model was given in this request
 * @param requestBytes UTF-8 bytes of the whole request as the model reads it: every message and
 *     every tool specification
 * @param newBytes the bytes of the request the model had not read before: the first request whole,
 *     later ones the messages added since (tool results, a repair message) and the tool
 *     specifications that changed
 * @param text the model's text, null when it only called tools
 * @param calls the tool calls the model made, in its order
 */
public record AgentTurn(
    int index,
    List<String> exposedTools,
    long requestBytes,
    long newBytes,
    @Nullable String text,
    List<ToolCall> calls) {

  public AgentTurn {
    exposedTools = List.copyOf(exposedTools);
    calls = List.copyOf(calls);
  }

  /**
   * One tool call and its result as the model read it.
   *
   * @param id the call's id (the model's, or minted by the {@link IdGenerator})
   * @param name the tool the model called
   * @param arguments the arguments as the model sent them (JSON text)
   * @param result the result the model read: a {@code run_javascript} egress, discovery's matches,
   *     a native tool's result, or an error object {@code {error: {kind, message}}}
   * @param isError whether the result is an error
   * @param millis how long the call took
   */
  public record ToolCall(
      String id, String name, String arguments, JsonNode result, boolean isError, long millis) {
    public ToolCall {
      Objects.requireNonNull(id, "id");
      Objects.requireNonNull(name, "name");
      Objects.requireNonNull(arguments, "arguments");
      Objects.requireNonNull(result, "result");
    }
  }
}
