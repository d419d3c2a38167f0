package io.codemode4j.bridge.schema;

import io.codemode4j.bridge.internal.broker.SchemaValidator;
import java.util.List;
import java.util.Objects;
import tools.jackson.databind.JsonNode;

/**
 * A compiled JSON Schema (draft 2020-12) that says what is wrong with a value, the same check the
 * broker applies to every call's arguments and result: for hosts that validate values of their own
 * (an agent's input and final answer) with the same rules and messages.
 */
public final class JsonSchemaCheck {

  private final SchemaValidator validator;

  private JsonSchemaCheck(SchemaValidator validator) {
    this.validator = validator;
  }

  /**
   * @param what names the schema in the error, e.g. "the output schema of analyst"
   * @throws IllegalArgumentException naming {@code what} when {@code schema} is not a schema
   */
  public static JsonSchemaCheck compile(String what, JsonNode schema) {
    Objects.requireNonNull(what, "what");
    Objects.requireNonNull(schema, "schema");
    return new JsonSchemaCheck(SchemaValidator.compile(what, schema));
  }

  /**
   * What is wrong with {@code value}, at most five problems, each with its location; none: valid.
   */
  public List<String> problems(JsonNode value) {
    return validator.problems(Objects.requireNonNull(value, "value"));
  }
}
