package io.codemode4j.bridge.internal.broker;

import io.codemode4j.bridge.schema.JsonSchemaCheck;
import java.util.List;
import tools.jackson.databind.JsonNode;

/**
 * One JSON Schema compiled for validation: how the broker checks a call's arguments and result, and
 * discovery its own arguments. Thread-safe.
 *
 * <p>Decided: the check itself is the public {@link JsonSchemaCheck} (hosts validate their own
 * values with it); this internal name stays so that the broker's callers read as before.
 */
public final class SchemaValidator {

  private final JsonSchemaCheck check;

  private SchemaValidator(JsonSchemaCheck check) {
    this.check = check;
  }

  /**
   * A schema ready to validate instances.
   *
   * @throws IllegalArgumentException naming {@code what} when {@code schema} is not a valid JSON
   *     Schema
   */
  public static SchemaValidator compile(String what, JsonNode schema) {
    return new SchemaValidator(JsonSchemaCheck.compile(what, schema));
  }

  /**
   * The problems with {@code instance}, at most five, each naming where it is; empty when valid.
   */
  public List<String> problems(JsonNode instance) {
    return check.problems(instance);
  }
}
