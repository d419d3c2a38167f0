package io.codemode4j.bridge;

import java.util.Objects;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * What one call of an {@link OuterTool} answers the model: a JSON object, and whether it reports an
 * error (MCP's {@code isError}). Either way, {@link #json()} is the content the model should read.
 *
 * <p>Decided: every error object has {@code error: {kind, message}}, so a model and an adapter read
 * any outer tool's error alike; {@code run_javascript}'s is its whole egress object ({@code ok,
 * result, logs, calls, omittedCalls, error}), which its output schema declares either way.
 */
public sealed interface OuterToolResult {

  /** The content for the model (MCP's {@code structuredContent}); a fresh copy. */
  ObjectNode json();

  /** Whether the call failed (MCP's {@code isError}). */
  default boolean isError() {
    return this instanceof Failure;
  }

  /** Why a call is an error. */
  enum ErrorKind {
    /** The arguments do not match the tool's input schema: nothing ran, so a fixed call is safe. */
    INVALID_ARGUMENTS("invalid_arguments"),
    /**
     * The program ran and failed ({@code run_javascript}): {@code error.kind} says how, and its
     * {@code calls} say which inner calls ran, so a retry must mind the {@code succeeded} and
     * {@code uncertain} ones.
     */
    PASS_FAILED("pass_failed");

    private final String wireName;

    ErrorKind(String wireName) {
      this.wireName = wireName;
    }

    public String wireName() {
      return wireName;
    }
  }

  /** The call did what it was asked. */
  record Success(ObjectNode json) implements OuterToolResult {
    public Success {
      json = Objects.requireNonNull(json, "json").deepCopy();
    }

    @Override
    public ObjectNode json() {
      return json.deepCopy();
    }
  }

  /**
   * The call failed; {@code json} has {@code error: {kind, message}} with a text fit for the model.
   */
  record Failure(ErrorKind kind, ObjectNode json) implements OuterToolResult {
    public Failure {
      Objects.requireNonNull(kind, "kind");
      Objects.requireNonNull(json, "json");
      JsonNode error = json.get("error");
      if (error == null
          || !error.isObject()
          || !error.path("kind").isString()
          || !error.path("message").isString()) {
        throw new IllegalArgumentException(
            "an error result needs error: {kind, message}, was " + json);
      }
      json = json.deepCopy();
    }

    @Override
    public ObjectNode json() {
      return json.deepCopy();
    }

    /** The error's message, as the model reads it. */
    public String message() {
      return json.get("error").get("message").asString();
    }

    /** {@code {"error": {"kind": "invalid_arguments", "message": message}}}. */
    public static Failure invalidArguments(String message) {
      ObjectNode json = JsonNodeFactory.instance.objectNode();
      json.putObject("error")
          .put("kind", ErrorKind.INVALID_ARGUMENTS.wireName())
          .put("message", Objects.requireNonNull(message, "message"));
      return new Failure(ErrorKind.INVALID_ARGUMENTS, json);
    }
  }
}
