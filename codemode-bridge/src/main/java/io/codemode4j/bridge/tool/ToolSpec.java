package io.codemode4j.bridge.tool;

import io.codemode4j.bridge.schema.Identifiers;
import io.codemode4j.bridge.schema.JsonSchemas;
import java.util.Objects;
import tools.jackson.databind.JsonNode;

/**
 * What a tool is, independent of how it runs: its name, what it does, the JSON Schema of its
 * arguments and of its successful result, and its {@link ExecutionClass}.
 *
 * <p>Schemas are JSON Schema (draft 2020-12) as JSON; write them by hand or derive them from
 * records with {@link JsonSchemas#forRecord}. The arguments schema must describe an object.
 *
 * <p>The name is a native tool's name ({@link Identifiers#isToolName}), a rule of its own rather
 * than the namespace and method rule: models see it in function-calling APIs, which refuse the
 * {@code $} a JavaScript identifier may hold.
 */
public record ToolSpec(
    String name,
    String description,
    JsonNode parameters,
    JsonNode success,
    ExecutionClass executionClass) {

  public ToolSpec {
    Objects.requireNonNull(name, "name");
    if (!Identifiers.isToolName(name)) {
      throw new IllegalArgumentException(
          "tool name '"
              + name
              + "' must be a JavaScript identifier of at most 64 characters ([A-Za-z_][A-Za-z0-9_]*)");
    }
    Objects.requireNonNull(description, "description");
    Objects.requireNonNull(parameters, "parameters");
    Objects.requireNonNull(success, "success");
    Objects.requireNonNull(executionClass, "executionClass");
    if (!parameters.isObject() || !"object".equals(parameters.path("type").asString(""))) {
      throw new IllegalArgumentException(
          "tool '" + name + "': the parameters schema must be {\"type\":\"object\", ...}");
    }
    if (!success.isObject()) {
      throw new IllegalArgumentException(
          "tool '" + name + "': the success schema must be a JSON Schema object");
    }
    parameters = parameters.deepCopy();
    success = success.deepCopy();
  }

  /** A copy of the arguments schema; the spec itself never changes. */
  @Override
  public JsonNode parameters() {
    return parameters.deepCopy();
  }

  /** A copy of the success schema; the spec itself never changes. */
  @Override
  public JsonNode success() {
    return success.deepCopy();
  }
}
