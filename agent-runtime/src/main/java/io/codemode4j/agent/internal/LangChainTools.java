package io.codemode4j.agent.internal;

import dev.langchain4j.agent.tool.ToolSpecification;
import io.codemode4j.bridge.tool.ToolSpec;
import java.nio.charset.StandardCharsets;
import java.util.Set;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * Our tool specs as LangChain4j's: the JSON Schema goes in raw through {@link
 * ToolSpecification#fromJson}, which keeps every keyword (minimum, pattern, ...), where building a
 * {@code JsonObjectSchema} would drop what it does not model.
 */
public final class LangChainTools {

  /** Top-level schema keys that describe the document, not the arguments; providers refuse some. */
  private static final Set<String> DOCUMENT_KEYS = Set.of("$schema", "$id", "$comment");

  private LangChainTools() {}

  public static ToolSpecification specification(ToolSpec spec) {
    return ToolSpecification.fromJson(json(spec).toString());
  }

  /** UTF-8 bytes of the spec as a model receives it: name, description and parameters. */
  public static int bytes(ToolSpec spec) {
    return json(spec).toString().getBytes(StandardCharsets.UTF_8).length;
  }

  private static ObjectNode json(ToolSpec spec) {
    ObjectNode json =
        JsonNodeFactory.instance
            .objectNode()
            .put("name", spec.name())
            .put("description", spec.description());
    JsonNode parameters = spec.parameters();
    ObjectNode copy = parameters.isObject() ? ((ObjectNode) parameters).deepCopy() : null;
    if (copy != null) {
      copy.remove(DOCUMENT_KEYS);
      json.set("parameters", copy);
    }
    return json;
  }
}
