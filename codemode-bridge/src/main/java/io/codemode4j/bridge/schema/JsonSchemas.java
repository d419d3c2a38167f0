package io.codemode4j.bridge.schema;

import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.util.Collection;
import java.util.Map;
import java.util.Optional;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * JSON Schemas for tools, derived from Java records (draft 2020-12). The broker validates calls
 * against them with its own internal validator, which no public type names.
 */
public final class JsonSchemas {

  private static final JsonNodeFactory JSON = JsonNodeFactory.instance;
  private static final int MAX_DEPTH = 16;

  private JsonSchemas() {}

  /**
   * The schema of a record as JSON: an object with one property per component, no other properties.
   * Every component is required except {@link Optional} ones, which may be absent or {@code null}
   * (Jackson writes an empty {@code Optional} as {@code null}). A component annotated {@link
   * Description} gets that {@code description}. Strings, booleans, integral and decimal numbers,
   * enums (by {@code toString()}, which is how Jackson 3 writes and reads them, so override it for
   * a lower-case or hyphenated wire name), {@code LocalDate} ({@code format: date}), {@code
   * OffsetDateTime} ({@code format: date-time}), lists, sets, arrays, string-keyed maps, {@link
   * JsonNode} (any value) and nested records are supported.
   *
   * @throws IllegalArgumentException naming the component whose type has no JSON form
   */
  public static ObjectNode forRecord(Class<? extends Record> type) {
    return recordSchema(type, 0);
  }

  private static ObjectNode recordSchema(Class<?> type, int depth) {
    if (depth > MAX_DEPTH) {
      throw new IllegalArgumentException(
          "record nesting deeper than " + MAX_DEPTH + " at " + type.getName());
    }
    ObjectNode schema = JSON.objectNode().put("type", "object");
    ObjectNode properties = schema.putObject("properties");
    ArrayNode required = JSON.arrayNode();
    for (RecordComponent component : type.getRecordComponents()) {
      Type generic = component.getGenericType();
      boolean optional = component.getType() == Optional.class;
      Type valueType = optional ? typeArgument(generic, 0, component) : generic;
      ObjectNode property = typeSchema(valueType, depth + 1, component);
      Description description = component.getAnnotation(Description.class);
      if (description != null) {
        property.put("description", description.value());
      }
      if (optional) {
        nullable(property);
      } else {
        required.add(component.getName());
      }
      properties.set(component.getName(), property);
    }
    if (!required.isEmpty()) {
      schema.set("required", required);
    }
    schema.put("additionalProperties", false);
    return schema;
  }

  /**
   * Lets {@code schema} also match {@code null}: its type becomes a list with "null", its enum
   * gains null.
   */
  private static void nullable(ObjectNode schema) {
    if (schema.path("type").isString()) {
      schema.set("type", JSON.arrayNode().add(schema.get("type").asString()).add("null"));
    }
    if (schema.get("enum") instanceof ArrayNode values) {
      values.addNull();
    }
  }

  private static ObjectNode typeSchema(Type type, int depth, RecordComponent where) {
    Class<?> raw = rawClass(type, where);
    if (raw == String.class || raw == char.class || raw == Character.class) {
      return JSON.objectNode().put("type", "string");
    }
    if (raw == boolean.class || raw == Boolean.class) {
      return JSON.objectNode().put("type", "boolean");
    }
    if (raw == int.class
        || raw == Integer.class
        || raw == long.class
        || raw == Long.class
        || raw == short.class
        || raw == Short.class
        || raw == byte.class
        || raw == Byte.class
        || raw == BigInteger.class) {
      return JSON.objectNode().put("type", "integer");
    }
    if (raw == double.class
        || raw == Double.class
        || raw == float.class
        || raw == Float.class
        || raw == BigDecimal.class) {
      return JSON.objectNode().put("type", "number");
    }
    if (raw == LocalDate.class) {
      return JSON.objectNode().put("type", "string").put("format", "date");
    }
    if (raw == OffsetDateTime.class) {
      return JSON.objectNode().put("type", "string").put("format", "date-time");
    }
    if (JsonNode.class.isAssignableFrom(raw)) {
      return JSON.objectNode();
    }
    if (raw.isEnum()) {
      ArrayNode values = JSON.arrayNode();
      for (Object constant : raw.getEnumConstants()) {
        values.add(constant.toString());
      }
      ObjectNode schema = JSON.objectNode().put("type", "string");
      schema.set("enum", values);
      return schema;
    }
    if (raw.isArray()) {
      return JSON.objectNode()
          .put("type", "array")
          .set("items", typeSchema(raw.getComponentType(), depth + 1, where));
    }
    if (Collection.class.isAssignableFrom(raw)) {
      return JSON.objectNode()
          .put("type", "array")
          .set("items", typeSchema(typeArgument(type, 0, where), depth + 1, where));
    }
    if (Map.class.isAssignableFrom(raw)) {
      if (rawClass(typeArgument(type, 0, where), where) != String.class) {
        throw new IllegalArgumentException(
            "component '" + where.getName() + "': map keys must be strings");
      }
      return JSON.objectNode()
          .put("type", "object")
          .set("additionalProperties", typeSchema(typeArgument(type, 1, where), depth + 1, where));
    }
    if (raw.isRecord()) {
      return recordSchema(raw, depth + 1);
    }
    throw new IllegalArgumentException(
        "component '"
            + where.getName()
            + "' of "
            + where.getDeclaringRecord().getName()
            + " has type "
            + type.getTypeName()
            + ", which has no JSON Schema form");
  }

  private static Class<?> rawClass(Type type, RecordComponent where) {
    if (type instanceof Class<?> c) {
      return c;
    }
    if (type instanceof ParameterizedType p && p.getRawType() instanceof Class<?> c) {
      return c;
    }
    throw new IllegalArgumentException(
        "component '"
            + where.getName()
            + "' has type "
            + type.getTypeName()
            + ", which has no JSON Schema form (use concrete types)");
  }

  private static Type typeArgument(Type type, int index, RecordComponent where) {
    if (type instanceof ParameterizedType p) {
      return p.getActualTypeArguments()[index];
    }
    throw new IllegalArgumentException(
        "component '" + where.getName() + "' needs a type argument: " + type.getTypeName());
  }
}
