package io.codemode4j.bridge.schema;

import io.codemode4j.bridge.TestTools;
import io.codemode4j.bridge.tool.ExecutionClass;
import io.codemode4j.bridge.tool.ToolSpec;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/**
 * The schema constructs the TypeScript declarations support, one case per golden file under {@code
 * src/test/resources/declarations/}: {@code <case>.d.ts} is what {@link TypeScriptDeclarations}
 * writes, {@code <case>.usage.ts} calls its methods with correct types (and, under
 * {@code @ts-expect-error}, wrong ones).
 */
final class DeclarationCases {

  static final List<String> NAMES =
      List.of(
          "objects", "arrays", "literals", "unions", "refs", "docs", "depth", "records", "loose");

  private DeclarationCases() {}

  /** Namespace to method to spec, in declaration order. */
  static Map<String, Map<String, ToolSpec>> namespaces(String name) {
    return switch (name) {
      case "objects" -> objects();
      case "arrays" ->
          single(
              "lists",
              "make",
              spec(
                  "make",
                  "Makes lists.",
                  """
          {"type": "object",
           "properties": {
             "names": {"type": "array", "items": {"type": "string"}},
             "counts": {"type": "array", "items": {"type": "integer", "minimum": 0}, "minItems": 1, "maxItems": 10,
                        "uniqueItems": true},
             "grid": {"type": "array", "items": {"type": "array", "items": {"type": "number"}}},
             "points": {"type": "array", "items": {"type": "object",
                        "properties": {"x": {"type": "number"}, "y": {"type": "number"}},
                        "required": ["x", "y"], "additionalProperties": false}},
             "anything": {"type": "array"},
             "mixed": {"type": "array", "items": {"anyOf": [{"type": "string"}, {"type": "boolean"}]}}
           },
           "required": ["names"],
           "additionalProperties": false}""",
                  """
          {"type": "array", "items": {"type": "string", "format": "uuid"}, "maxItems": 100}"""));
      case "literals" ->
          single(
              "pick",
              "choose",
              spec(
                  "choose",
                  "Chooses.",
                  """
          {"type": "object",
           "properties": {
             "region": {"type": "string", "enum": ["emea", "americas", "apac"]},
             "level": {"enum": [1, 2, 3]},
             "state": {"enum": ["on", "off", null]},
             "version": {"const": "v2"},
             "answer": {"const": 42},
             "strict": {"const": true},
             "impossible": {"enum": []},
             "shape": {"enum": [{"x": 1}]}
           },
           "required": ["region", "version"],
           "additionalProperties": false}""",
                  """
          {"type": "string", "enum": ["chosen", "skipped"]}"""));
      case "unions" ->
          single(
              "mix",
              "combine",
              spec(
                  "combine",
                  "Combines.",
                  """
          {"type": "object",
           "properties": {
             "key": {"anyOf": [{"type": "string"}, {"type": "integer"}]},
             "event": {"oneOf": [
               {"type": "object", "properties": {"kind": {"const": "click"}, "x": {"type": "number"}},
                "required": ["kind", "x"], "additionalProperties": false},
               {"type": "object", "properties": {"kind": {"const": "key"}, "code": {"type": "string"}},
                "required": ["kind", "code"], "additionalProperties": false}]},
             "both": {"allOf": [
               {"type": "object", "properties": {"a": {"type": "string"}}, "required": ["a"]},
               {"type": "object", "properties": {"b": {"type": "boolean"}}, "required": ["b"]}]},
             "maybeName": {"type": ["string", "null"]},
             "maybeCount": {"anyOf": [{"type": "integer"}, {"type": "null"}]},
             "numberOrText": {"type": ["integer", "string"]},
             "never": false,
             "any": true
           },
           "required": ["key", "event", "maybeName"],
           "additionalProperties": false}""",
                  """
          {"oneOf": [{"type": "object", "properties": {"ok": {"const": true}, "value": {}},
                      "required": ["ok", "value"], "additionalProperties": false},
                     {"type": "object", "properties": {"ok": {"const": false}, "error": {"type": "string"}},
                      "required": ["ok", "error"], "additionalProperties": false}]}"""));
      case "refs" ->
          single(
              "tree",
              "walk",
              spec(
                  "walk",
                  "Walks a tree.",
                  """
          {"type": "object",
           "$defs": {
             "address": {"type": "object", "description": "A postal address.",
                         "properties": {"city": {"type": "string"}, "zip": {"type": "string"}},
                         "required": ["city"], "additionalProperties": false},
             "node": {"type": "object",
                      "properties": {"label": {"type": "string"},
                                     "children": {"type": "array", "items": {"$ref": "#/$defs/node"}}},
                      "required": ["label"], "additionalProperties": false},
             "a/b": {"type": "integer"}
           },
           "definitions": {"legacy": {"type": "boolean"}},
           "properties": {
             "home": {"$ref": "#/$defs/address"},
             "work": {"$ref": "#/$defs/address", "description": "Where the caller works."},
             "root": {"$ref": "#/$defs/node"},
             "flag": {"$ref": "#/definitions/legacy"},
             "slashed": {"$ref": "#/$defs/a~1b"},
             "missing": {"$ref": "#/$defs/nothing"},
             "remote": {"$ref": "https://example.com/schema.json"},
             "again": {"$ref": "#"}
           },
           "required": ["home"],
           "additionalProperties": false}""",
                  """
          {"type": "object", "properties": {"visited": {"type": "integer"}}, "required": ["visited"],
           "additionalProperties": false}"""));
      case "docs" ->
          single(
              "report",
              "export",
              new ToolSpec(
                  "export",
                  """
          Exports a report as rows.
          Runs at most once per minute; the closing */ of a comment is escaped.""",
                  json(
                      """
          {"type": "object",
           "description": "What to export.",
           "properties": {
             "from": {"type": "string", "format": "date", "description": "First day, inclusive."},
             "at": {"type": "string", "format": "date-time"},
             "id": {"type": "string", "format": "uuid"},
             "email": {"type": "string", "format": "email", "maxLength": 254},
             "code": {"type": "string", "minLength": 3, "maxLength": 3, "pattern": "^[A-Z]*/x$"},
             "title": {"type": "string", "minLength": 1, "description": "Shown on top.\\nSecond line */ escaped."},
             "total": {"type": "integer", "format": "int64", "minimum": 0, "exclusiveMaximum": 1000000},
             "price": {"type": "number", "multipleOf": 0.01, "exclusiveMinimum": 0, "maximum": 99.99},
             "ratio": {"type": "number", "format": "double"},
             "limit": {"type": "integer", "minimum": 1, "maximum": 500, "default": 100,
                       "description": "Most rows."},
             "order": {"type": "string", "enum": ["asc", "desc"], "default": "asc"},
             "dryRun": {"type": "boolean", "default": false},
             "options": {"type": "object", "additionalProperties": {"type": "string"}, "default": {"sep": ","}}
           },
           "required": ["from"],
           "additionalProperties": false}"""),
                  json(
                      """
          {"type": "object", "description": "The exported rows and where they went.",
           "properties": {"rows": {"type": "integer", "minimum": 0}, "url": {"type": "string", "format": "uri"}},
           "required": ["rows", "url"], "additionalProperties": false}"""),
                  ExecutionClass.MUTATION));
      case "depth" ->
          single(
              "deep",
              "nest",
              spec(
                  "nest",
                  "Nests objects deeper than the bound.",
                  "{\"type\": \"object\", \"properties\": {\"level1\": "
                      + nested(1, 10)
                      + "}, \"required\": [\"level1\"],"
                      + " \"additionalProperties\": false}",
                  "{\"type\": \"boolean\"}"));
      case "records" ->
          single(
              "crm",
              "upsert",
              new ToolSpec(
                  "upsert",
                  "Creates or updates a contact.",
                  JsonSchemas.forRecord(Records.Contact.class),
                  JsonSchemas.forRecord(Records.Saved.class),
                  ExecutionClass.MUTATION));
      case "loose" ->
          single(
              "sql",
              "rows",
              spec(
                  "rows",
                  "Rows whose values take their column's type at run time.",
                  """
          {"type": "object", "properties": {"query": {"type": "string"}}, "required": ["query"],
           "additionalProperties": false}""",
                  """
          {"type": "object",
           "properties": {
             "rows": {"type": "array", "items": {"type": "object",
                      "additionalProperties": {"type": ["string", "integer", "number", "boolean", "null", "array", "object"]}}},
             "first": {"type": "object", "properties": {"id": {"type": "string"}}, "required": ["id"],
                       "additionalProperties": {"type": ["null", "object", "array", "boolean", "number", "string"]}},
             "meta": {},
             "scalar": {"type": ["string", "number", "boolean", "null"]}
           },
           "required": ["rows", "first", "meta", "scalar"],
           "additionalProperties": false}"""));
      default -> throw new IllegalArgumentException("no declaration case " + name);
    };
  }

  /**
   * Records for the {@code records} case: what {@link JsonSchemas#forRecord} makes of Java types.
   */
  static final class Records {
    private Records() {}

    enum Stage {
      LEAD,
      CUSTOMER,
      FORMER_CUSTOMER;

      @Override
      public String toString() {
        return name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
      }
    }

    record Phone(@Description("E.164, e.g. +4930123456") String number, boolean primary) {}

    record Contact(
        @Description("The contact's full name.") String name,
        Stage stage,
        Optional<java.time.LocalDate> birthday,
        Optional<Stage> previousStage,
        List<Phone> phones,
        Map<String, Integer> scores,
        java.math.BigDecimal credit,
        JsonNode extra) {}

    record Saved(String id, boolean created, java.time.OffsetDateTime savedAt) {}
  }

  private static Map<String, Map<String, ToolSpec>> objects() {
    Map<String, Map<String, ToolSpec>> namespaces = new LinkedHashMap<>();
    Map<String, ToolSpec> shapes = new LinkedHashMap<>();
    shapes.put(
        "create",
        spec(
            "create_shape",
            "Creates a shape.",
            """
        {"type": "object",
         "properties": {
           "name": {"type": "string", "description": "The shape's name."},
           "note": {"type": "string"},
           "owner": {"type": "object",
                     "properties": {"id": {"type": "string"}, "email": {"type": "string", "format": "email"}},
                     "required": ["id"], "additionalProperties": false},
           "tags": {"type": "object", "additionalProperties": {"type": "string"}},
           "meta": {"type": "object"},
           "sealed": {"type": "object", "additionalProperties": false},
           "weights": {"type": "object", "properties": {"total": {"type": "number"}, "unit": {"type": "string"}},
                       "required": ["total"], "additionalProperties": {"type": "integer"}},
           "open": {"type": "object", "properties": {"seen": {"type": "boolean"}}, "required": ["seen"]},
           "content-type": {"type": "string"},
           "2fa": {"type": "boolean"}
         },
         "required": ["name", "owner"],
         "additionalProperties": false}""",
            """
        {"type": "object", "properties": {"id": {"type": "string"}, "created": {"type": "boolean"}},
         "required": ["id", "created"], "additionalProperties": false}"""));
    shapes.put(
        "ping",
        spec(
            "ping",
            "Answers.",
            """
        {"type": "object", "properties": {}, "additionalProperties": false}""",
            """
        {"type": "null"}"""));
    namespaces.put("shapes", shapes);
    namespaces.put(
        "other",
        Map.of(
            "count",
            spec(
                "count",
                "",
                """
        {"type": "object", "properties": {"of": {"type": "string"}}}""",
                """
        {"type": "integer"}""")));
    return namespaces;
  }

  private static String nested(int level, int levels) {
    if (level == levels) {
      return "{\"type\": \"string\"}";
    }
    return "{\"type\": \"object\", \"properties\": {\"level"
        + (level + 1)
        + "\": "
        + nested(level + 1, levels)
        + "}, \"required\": [\"level"
        + (level + 1)
        + "\"], \"additionalProperties\": false}";
  }

  private static Map<String, Map<String, ToolSpec>> single(
      String namespace, String method, ToolSpec spec) {
    return Map.of(namespace, Map.of(method, spec));
  }

  private static ToolSpec spec(String name, String description, String parameters, String success) {
    return new ToolSpec(
        name, description, json(parameters), json(success), ExecutionClass.READONLY);
  }

  private static JsonNode json(String text) {
    return TestTools.json(text);
  }
}
