package io.codemode4j.mcp.internal;

import io.modelcontextprotocol.spec.McpSchema;
import tools.jackson.databind.JsonNode;

/**
 * A pass's log messages: each {@code console.log} line of the program at {@code info}, then its
 * outcome, {@code info} when it succeeded and {@code error} when it failed.
 *
 * <p>Decided: the lines are the egress's ({@code logs} of the result), so they are bounded and
 * redacted exactly as the result the model reads, and a client learns nothing the result does not
 * say; they are sent when the pass has ended, just before its answer, since the egress is shaped
 * only then. The logger is the tool's name.
 */
final class PassMessages {

  private PassMessages() {}

  static void send(String tool, McpSchema.CallToolResult result, CallNotifier notifier) {
    if (!(result.structuredContent() instanceof JsonNode json)) {
      return;
    }
    for (JsonNode line : json.path("logs")) {
      notifier.log(
          new McpSchema.LoggingMessageNotification(
              McpSchema.LoggingLevel.INFO, tool, line.asString()));
    }
    int calls = json.path("calls").size() + json.path("omittedCalls").asInt(0);
    String made = calls + (calls == 1 ? " inner call" : " inner calls");
    notifier.log(
        Boolean.TRUE.equals(result.isError())
            ? new McpSchema.LoggingMessageNotification(
                McpSchema.LoggingLevel.ERROR,
                tool,
                "the pass failed ("
                    + json.at("/error/kind").asString("")
                    + ") after "
                    + made
                    + ": "
                    + json.at("/error/message").asString(""))
            : new McpSchema.LoggingMessageNotification(
                McpSchema.LoggingLevel.INFO, tool, "the pass succeeded after " + made));
  }
}
