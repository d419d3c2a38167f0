package io.codemode4j.mcp.internal;

import io.codemode4j.bridge.audit.InternalFailure;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * JSON-RPC error responses as this server writes them, and the last check on every error the SDK
 * writes: none leaves with a Java class name, an exception's text or a stack frame.
 *
 * <p>Decided: {@link JsonRpcScreen} refuses what it can name before the SDK reads it; what the SDK
 * still fails on inside (a capability of the wrong shape deep in {@code initialize}, a bug of ours)
 * reaches the client as an internal error in one sentence, with its id, while the host's log keeps
 * the exception. Errors the SDK words itself ("Method not found: x", "Unknown tool") pass as they
 * are.
 */
public final class JsonRpcErrors {

  /** JSON-RPC's internal error. */
  public static final int INTERNAL_ERROR = -32603;

  /** What a client reads of an internal error. */
  public static final String INTERNAL_MESSAGE =
      "Internal error: the server could not handle this request; its log has the details";

  private static final int SHORT = 80;

  private JsonRpcErrors() {}

  /** {@code {"jsonrpc": "2.0", "id": id, "error": {"code": code, "message": message}}}. */
  public static ObjectNode error(@Nullable JsonNode id, int code, String message) {
    ObjectNode error = JsonNodeFactory.instance.objectNode().put("jsonrpc", "2.0");
    if (id == null) {
      error.putNull("id");
    } else {
      error.set("id", id);
    }
    error.putObject("error").put("code", code).put("message", message);
    return error;
  }

  /**
   * {@code response} with its error made safe to send, or {@code response} itself when it needs
   * nothing: an internal error, or any error whose message or data reads as Java, becomes {@link
   * #INTERNAL_MESSAGE} with no data.
   */
  public static JsonNode safe(JsonNode response) {
    JsonNode error = response.get("error");
    if (error == null || !error.isObject()) {
      return response;
    }
    int code = error.path("code").asInt(INTERNAL_ERROR);
    String message = error.path("message").asString("");
    JsonNode data = error.get("data");
    boolean leaks =
        code == INTERNAL_ERROR
            || InternalFailure.readsAsJava(message)
            || (data != null && InternalFailure.readsAsJava(data.toString()));
    if (!leaks) {
      return response;
    }
    JsonNode id = response.get("id");
    return error(
        id == null || id.isNull() ? null : id,
        code,
        code == INTERNAL_ERROR
            ? INTERNAL_MESSAGE
            : message(code)
                + ": the server could not handle this request; its log has the details");
  }

  /** A client's text as an error message may quote it: at most {@value #SHORT} characters. */
  static String shortened(String text) {
    return text.length() <= SHORT ? text : text.substring(0, SHORT) + "…";
  }

  private static String message(int code) {
    return switch (code) {
      case -32700 -> "Parse error";
      case -32600 -> "Invalid Request";
      case -32601 -> "Method not found";
      case -32602 -> "Invalid params";
      default -> "Error";
    };
  }
}
