package io.codemode4j.bridge.internal.broker;

import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import java.util.List;
import tools.jackson.databind.JsonNode;

/**
 * One JSON Schema compiled for validation (draft 2020-12, by the networknt validator): how the
 * broker checks a call's arguments and result, and discovery its own arguments. Thread-safe.
 *
 * <p>Decided: internal, apart from {@code JsonSchemas} (which derives schemas from records for tool
 * authors), so that the public API names no validator type and the networknt library can change
 * under it.
 */
public final class SchemaValidator {

  private static final SchemaRegistry REGISTRY =
      SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12);
  private static final int MAX_REPORTED = 5;

  private final Schema schema;

  private SchemaValidator(Schema schema) {
    this.schema = schema;
  }

  /**
   * A schema ready to validate instances.
   *
   * @throws IllegalArgumentException naming {@code what} when {@code schema} is not a valid JSON
   *     Schema
   */
  public static SchemaValidator compile(String what, JsonNode schema) {
    try {
      return new SchemaValidator(REGISTRY.getSchema(schema));
    } catch (RuntimeException e) {
      throw new IllegalArgumentException(
          what + " is not a valid JSON Schema: " + e.getMessage(), e);
    }
  }

  /**
   * The problems with {@code instance}, at most five, each naming where it is; empty when valid.
   */
  public List<String> problems(JsonNode instance) {
    List<Error> errors = schema.validate(instance);
    return errors.stream().limit(MAX_REPORTED).map(SchemaValidator::describe).toList();
  }

  /** {@code <where>: <what>}, e.g. {@code $.product: integer found, string expected}. */
  private static String describe(Error error) {
    String message = error.getMessage() == null ? error.toString() : error.getMessage();
    String where =
        error.getInstanceLocation() == null ? "" : error.getInstanceLocation().toString();
    return where.isEmpty() ? message : where + ": " + message;
  }
}
