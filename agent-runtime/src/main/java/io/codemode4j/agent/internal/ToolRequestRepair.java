package io.codemode4j.agent.internal;

import dev.langchain4j.agent.tool.ToolExecutionRequest;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The model's tool calls made whole before they run: an id, a name and arguments each, the
 * arguments read as JSON where they are, and a Code Mode program where the arguments are exactly
 * one.
 *
 * <p>Decided: nothing the model sends crashes the run; what cannot be repaired (no name, arguments
 * that are not JSON) is answered to the model like any other unknown tool or unreadable arguments,
 * and what can be (a missing id: Ollama sends none) is.
 */
final class ToolRequestRepair {

  private static final JsonMapper MAPPER = JsonMapper.builder().build();

  private ToolRequestRepair() {}

  /**
   * {@code request} with an id, a name and arguments: a missing or blank id is {@code newId}'s, and
   * a null name or arguments become empty text.
   */
  static ToolExecutionRequest wellFormed(ToolExecutionRequest request, Supplier<String> newId) {
    ToolExecutionRequest.Builder fixed = request.toBuilder();
    if (request.id() == null || request.id().isBlank()) {
      fixed.id(newId.get());
    }
    if (request.name() == null) {
      fixed.name("");
    }
    if (request.arguments() == null) {
      fixed.arguments("");
    }
    return fixed.build();
  }

  /** The arguments as JSON, or null when they are not JSON. */
  static @Nullable JsonNode arguments(String text) {
    try {
      return MAPPER.readTree(text);
    } catch (JacksonException e) {
      return null;
    }
  }

  /** The program of a Code Mode call: {@code code} when the arguments are exactly one string. */
  static @Nullable String program(@Nullable JsonNode arguments) {
    if (arguments != null
        && arguments.isObject()
        && arguments.size() == 1
        && arguments.path("code").isString()) {
      return arguments.get("code").asString();
    }
    return null;
  }
}
