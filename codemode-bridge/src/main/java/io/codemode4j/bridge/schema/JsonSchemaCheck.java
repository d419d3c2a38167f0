package io.codemode4j.bridge.schema;

import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import java.util.List;
import java.util.Objects;
import tools.jackson.databind.JsonNode;

/**
 * A compiled JSON Schema (draft 2020-12) that says what is wrong with a value: the check the broker
 * applies to every call's arguments and result, public for hosts that validate values of their own
 * (an agent's input and final answer) with the same rules and messages. Thread-safe.
 *
 * <p>Decided: the networknt validator stays behind this class (no type of it is named here), so it
 * can change under the API; the broker's {@code SchemaValidator} delegates here.
 */
public final class JsonSchemaCheck {

  private static final SchemaRegistry REGISTRY =
      SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12);
  private static final int MAX_REPORTED = 5;

  private final Schema schema;

  private JsonSchemaCheck(Schema schema) {
    this.schema = schema;
  }

  /**
   * @param what names the schema in the error, e.g. "the output schema of analyst"
   * @throws IllegalArgumentException naming {@code what} when {@code schema} is not a valid JSON
   *     Schema
   */
  public static JsonSchemaCheck compile(String what, JsonNode schema) {
    Objects.requireNonNull(what, "what");
    Objects.requireNonNull(schema, "schema");
    try {
      return new JsonSchemaCheck(REGISTRY.getSchema(schema));
    } catch (RuntimeException e) {
      throw new IllegalArgumentException(
          what + " is not a valid JSON Schema: " + e.getMessage(), e);
    }
  }

  /**
   * What is wrong with {@code value}, at most five problems, each naming where it is ({@code
   * $.product: integer found, string expected}); empty when valid.
   */
  public List<String> problems(JsonNode value) {
    Objects.requireNonNull(value, "value");
    List<Error> errors = schema.validate(value);
    return errors.stream().limit(MAX_REPORTED).map(JsonSchemaCheck::describe).toList();
  }

  private static String describe(Error error) {
    String message = error.getMessage() == null ? error.toString() : error.getMessage();
    String where =
        error.getInstanceLocation() == null ? "" : error.getInstanceLocation().toString();
    return where.isEmpty() ? message : where + ": " + message;
  }
}
