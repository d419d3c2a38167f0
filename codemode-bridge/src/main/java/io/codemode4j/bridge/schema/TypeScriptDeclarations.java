package io.codemode4j.bridge.schema;

import io.codemode4j.bridge.tool.ExecutionClass;
import io.codemode4j.bridge.tool.ToolSpec;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;

/**
 * TypeScript declarations of allowlisted methods, generated from their native parameter and success
 * schemas: one {@code declare const <namespace>: { ... }} per namespace, each method {@code
 * name(args: {...}): Promise<...>} with JSDoc from the tool and property descriptions.
 *
 * <p>Supported: objects (required vs optional properties; {@code additionalProperties} absent or
 * {@code true} as a {@code [key: string]: unknown} index, a schema as a typed index, {@code false}
 * as none, so a closed object without properties is {@code Record<string, never>}), arrays, {@code
 * enum} and {@code const} literals, {@code anyOf}/{@code oneOf} unions, {@code allOf}
 * intersections, nullable values (a {@code type} list with {@code "null"}, or a {@code null} union
 * member), local {@code $ref} into {@code $defs}/{@code definitions} or the root ({@code #}),
 * boolean schemas. Integer-ness, formats and numeric, string and array constraints become a comment
 * after the type ({@code number /* integer, >= 1 *}{@code /}); descriptions and {@code default}
 * values become JSDoc. A {@code $ref} that is already being expanded (a recursive type), one that
 * does not resolve locally and anything deeper than {@value #MAX_DEPTH} levels is {@code unknown}
 * with a comment saying why; anything else not understood is {@code unknown}.
 *
 * <p>Decided: a {@code type} list that names every JSON type ({@code ["string", "number",
 * "boolean", "null", "array", "object"]}) is {@code any}, with a comment that it is typed at run
 * time (the list itself would add nothing to {@code any}), while an empty schema stays {@code
 * unknown}. Such a list says the value's type is decided at run time (a SQL row's value takes its
 * column's type), which TypeScript SQL clients declare {@code any}, so a program passes a row's
 * column to a method that takes a string, or multiplies it, without a cast it would not write in
 * JavaScript; the comment and the tool's prose still say what it holds.
 *
 * <p>Decided: OpenAPI's {@code nullable: true} is not JSON Schema 2020-12, so the broker's
 * validator ignores it and refuses {@code null}; the declarations ignore it too and never promise
 * what the wire refuses.
 */
public final class TypeScriptDeclarations {

  static final int MAX_DEPTH = 8;

  /**
   * The longest object type written on one line; only one whose properties have no documentation
   * is. Decided: declarations are read by the model once per question, so a short object costs one
   * line instead of one per property (issue 30's model bytes).
   */
  static final int MAX_INLINE_OBJECT = 100;

  /**
   * What the outer tool's description says once for every method, since a declaration names only an
   * execution class other than read-only.
   */
  public static final String READONLY_DEFAULT =
      "A method is read-only unless its declaration says @executionClass.";

  private TypeScriptDeclarations() {}

  /**
   * Declarations for {@code namespace -> method -> spec}, namespaces and methods in the map's
   * order.
   */
  public static String of(Map<String, Map<String, ToolSpec>> namespaces) {
    StringBuilder out = new StringBuilder();
    for (Map.Entry<String, Map<String, ToolSpec>> namespace : namespaces.entrySet()) {
      if (!out.isEmpty()) {
        out.append('\n');
      }
      out.append("declare const ").append(namespace.getKey()).append(": {\n");
      for (Map.Entry<String, ToolSpec> method : namespace.getValue().entrySet()) {
        out.append(method(method.getKey(), method.getValue(), "  "));
      }
      out.append("};\n");
    }
    return out.toString();
  }

  /** One method's declaration line with its JSDoc, indented. */
  static String method(String name, ToolSpec spec, String indent) {
    JsonNode parameters = spec.parameters();
    JsonNode success = spec.success();
    StringBuilder out = new StringBuilder();
    List<String> doc = new ArrayList<>();
    if (!spec.description().isBlank()) {
      doc.addAll(spec.description().strip().lines().toList());
    }
    tagged(doc, "@param args ", text(parameters, "description"));
    tagged(doc, "@returns ", text(success, "description"));
    // Read-only is the default, which the outer tool's description says once (READONLY_DEFAULT).
    if (spec.executionClass() != ExecutionClass.READONLY) {
      doc.add("@executionClass " + spec.executionClass().wireName());
    }
    if (spec.executionClass() == ExecutionClass.NEEDS_APPROVAL) {
      doc.add(
          "Each call waits for a person's approval; without it, it rejects with kind 'denied'"
              + " (or 'timeout') and does nothing.");
    }
    jsDoc(out, doc, indent);
    boolean argsOptional = !parameters.has("required") || parameters.get("required").isEmpty();
    out.append(indent)
        .append(name)
        .append("(args")
        .append(argsOptional ? "?" : "")
        .append(": ")
        .append(new Writer(parameters).type(parameters, indent, 0))
        .append("): Promise<")
        .append(new Writer(success).type(success, indent, 0))
        .append(">;\n");
    return out.toString();
  }

  /** Writes the types of one schema document, whose root local {@code $ref}s resolve against. */
  private static final class Writer {
    private final JsonNode root;
    private final Deque<String> expanding = new ArrayDeque<>();

    private Writer(JsonNode root) {
      this.root = root;
    }

    String type(JsonNode schema, String indent, int depth) {
      if (schema == null || schema.isBoolean()) {
        return schema != null && !schema.asBoolean() ? "never" : "unknown";
      }
      if (!schema.isObject()) {
        return "unknown";
      }
      if (depth > MAX_DEPTH) {
        return "unknown" + comment(List.of("nested deeper than " + MAX_DEPTH + " levels"));
      }
      if (schema.has("$ref")) {
        String ref = schema.get("$ref").asString("");
        JsonNode target = resolve(ref);
        if (target == null) {
          return "unknown" + comment(List.of("unresolved $ref " + ref));
        }
        if (expanding.contains(ref)) {
          return "unknown" + comment(List.of("recursive $ref " + ref));
        }
        expanding.push(ref);
        try {
          return type(target, indent, depth + 1);
        } finally {
          expanding.pop();
        }
      }
      if (schema.has("const")) {
        return literal(schema.get("const"));
      }
      if (schema.has("enum") && schema.get("enum").isArray()) {
        Set<String> literals = new LinkedHashSet<>();
        schema.get("enum").forEach(v -> literals.add(literal(v)));
        return literals.isEmpty() ? "never" : String.join(" | ", literals);
      }
      for (String union : List.of("anyOf", "oneOf")) {
        if (schema.has(union) && schema.get(union).isArray()) {
          Set<String> members = new LinkedHashSet<>();
          schema.get(union).forEach(member -> members.add(type(member, indent, depth + 1)));
          return String.join(" | ", members);
        }
      }
      if (schema.has("allOf") && schema.get("allOf").isArray()) {
        Set<String> members = new LinkedHashSet<>();
        schema
            .get("allOf")
            .forEach(member -> members.add(grouped(type(member, indent, depth + 1))));
        return members.size() == 1 ? members.iterator().next() : String.join(" & ", members);
      }
      JsonNode typeNode = schema.get("type");
      if (typeNode != null && typeNode.isArray() && namesEveryJsonType(typeNode)) {
        return "any" + comment(List.of("typed at run time"));
      }
      if (typeNode != null && typeNode.isArray()) {
        Set<String> members = new LinkedHashSet<>();
        typeNode.forEach(t -> members.add(single(t.asString(""), schema, indent, depth)));
        return String.join(" | ", members);
      }
      if (typeNode != null) {
        return single(typeNode.asString(""), schema, indent, depth);
      }
      if (schema.has("properties")) {
        return single("object", schema, indent, depth);
      }
      if (schema.has("items")) {
        return single("array", schema, indent, depth);
      }
      return "unknown";
    }

    private String single(String type, JsonNode schema, String indent, int depth) {
      return switch (type) {
        case "string" -> "string" + comment(stringNotes(schema));
        case "integer" -> "number" + comment(numberNotes("integer", schema));
        case "number" -> "number" + comment(numberNotes(null, schema));
        case "boolean" -> "boolean";
        case "null" -> "null";
        case "array" -> {
          String items = type(schema.get("items"), indent, depth + 1);
          yield (Identifiers.isIdentifierName(items) ? items + "[]" : "Array<" + items + ">")
              + comment(arrayNotes(schema));
        }
        case "object" -> object(schema, indent, depth);
        default -> "unknown";
      };
    }

    private String object(JsonNode schema, String indent, int depth) {
      JsonNode properties = schema.get("properties");
      JsonNode additional = schema.get("additionalProperties");
      boolean closed = additional != null && additional.isBoolean() && !additional.asBoolean();
      boolean hasProperties = properties != null && properties.isObject() && !properties.isEmpty();
      String inner = indent + "  ";
      String additionalType =
          closed
              ? null
              : additional != null && additional.isObject()
                  ? type(additional, inner, depth + 1)
                  : "unknown";
      if (!hasProperties) {
        return additionalType == null
            ? "Record<string, never>"
            : "{ [key: string]: " + additionalType + " }";
      }
      Set<String> required = new HashSet<>();
      if (schema.has("required")) {
        schema.get("required").forEach(r -> required.add(r.asString("")));
      }
      // TypeScript requires every property to fit the index signature, so the index is their union.
      Set<String> indexMembers = new LinkedHashSet<>();
      if (additionalType != null) {
        indexMembers.add(additionalType);
      }
      List<String> members = new ArrayList<>();
      List<List<String>> docs = new ArrayList<>();
      for (Map.Entry<String, JsonNode> property : properties.properties()) {
        JsonNode propertySchema = property.getValue();
        boolean optional = !required.contains(property.getKey());
        String propertyType = type(propertySchema, inner, depth + 1);
        members.add(key(property.getKey()) + (optional ? "?" : "") + ": " + propertyType);
        docs.add(propertyDoc(propertySchema));
        indexMembers.add(propertyType);
        if (optional) {
          indexMembers.add("undefined");
        }
      }
      if (additionalType != null) {
        String index =
            indexMembers.stream().anyMatch(m -> m.startsWith("any"))
                ? "any"
                : indexMembers.contains("unknown") ? "unknown" : String.join(" | ", indexMembers);
        members.add("[key: string]: " + index);
        docs.add(List.of());
      }
      String line = "{ " + String.join("; ", members) + " }";
      if (docs.stream().allMatch(List::isEmpty)
          && !line.contains("\n")
          && line.length() <= MAX_INLINE_OBJECT) {
        return line;
      }
      StringBuilder out = new StringBuilder("{\n");
      for (int i = 0; i < members.size(); i++) {
        jsDoc(out, docs.get(i), inner);
        out.append(inner).append(members.get(i)).append(";\n");
      }
      return out.append(indent).append('}').toString();
    }

    /**
     * The description (the schema's own, else the one of the definition it refers to) and the
     * default.
     */
    private List<String> propertyDoc(JsonNode schema) {
      List<String> doc = new ArrayList<>();
      String description = text(schema, "description");
      if (description.isEmpty() && schema.has("$ref")) {
        description = text(resolve(schema.get("$ref").asString("")), "description");
      }
      if (!description.isEmpty()) {
        doc.addAll(description.lines().toList());
      }
      if (schema.isObject() && schema.has("default")) {
        doc.add("@default " + schema.get("default"));
      }
      return doc;
    }

    /** The schema {@code ref} points to in the root; null for one it does not resolve. */
    private @Nullable JsonNode resolve(String ref) {
      if (ref.equals("#")) {
        return root;
      }
      if (!ref.startsWith("#/")) {
        return null;
      }
      JsonNode node = root;
      for (String part : ref.substring(2).split("/", -1)) {
        node = node.get(part.replace("~1", "/").replace("~0", "~"));
        if (node == null) {
          return null;
        }
      }
      return node;
    }
  }

  /** The JSON types a value of any type may be; integer is one kind of number. */
  private static final Set<String> JSON_TYPES =
      Set.of("string", "number", "boolean", "null", "array", "object");

  /** Whether a {@code type} list admits every JSON value. */
  private static boolean namesEveryJsonType(JsonNode typeNode) {
    return Set.copyOf(typeNames(typeNode)).containsAll(JSON_TYPES);
  }

  private static List<String> typeNames(JsonNode typeNode) {
    List<String> names = new ArrayList<>();
    typeNode.forEach(t -> names.add(t.asString("")));
    return names;
  }

  private static List<String> stringNotes(JsonNode schema) {
    List<String> notes = new ArrayList<>();
    if (schema.has("format")) {
      notes.add(schema.get("format").asString(""));
    }
    range(notes, "length ", schema.get("minLength"), schema.get("maxLength"));
    if (schema.has("pattern")) {
      notes.add("pattern " + schema.get("pattern").asString(""));
    }
    return notes;
  }

  /** {@code kind} is {@code integer}, or null for any number. */
  private static List<String> numberNotes(@Nullable String kind, JsonNode schema) {
    List<String> notes = new ArrayList<>();
    if (kind != null) {
      notes.add(kind);
    }
    if (schema.has("format")) {
      notes.add(schema.get("format").asString(""));
    }
    bound(notes, ">= ", schema.get("minimum"));
    bound(notes, "> ", schema.get("exclusiveMinimum"));
    bound(notes, "<= ", schema.get("maximum"));
    bound(notes, "< ", schema.get("exclusiveMaximum"));
    if (schema.has("multipleOf")) {
      notes.add("multiple of " + schema.get("multipleOf"));
    }
    return notes;
  }

  private static List<String> arrayNotes(JsonNode schema) {
    List<String> notes = new ArrayList<>();
    range(notes, "items ", schema.get("minItems"), schema.get("maxItems"));
    if (schema.path("uniqueItems").asBoolean(false)) {
      notes.add("unique");
    }
    return notes;
  }

  /** {@code length 1..200}, {@code length >= 1} or {@code length <= 200}. */
  private static void range(List<String> notes, String what, JsonNode min, JsonNode max) {
    boolean hasMin = min != null && min.isNumber();
    boolean hasMax = max != null && max.isNumber();
    if (hasMin && hasMax && min.equals(max)) {
      notes.add(what + min);
    } else if (hasMin && hasMax) {
      notes.add(what + min + ".." + max);
    } else if (hasMin) {
      notes.add(what + ">= " + min);
    } else if (hasMax) {
      notes.add(what + "<= " + max);
    }
  }

  private static void bound(List<String> notes, String operator, JsonNode value) {
    if (value != null && value.isNumber()) {
      notes.add(operator + value);
    }
  }

  private static String comment(List<String> notes) {
    if (notes.isEmpty()) {
      return "";
    }
    return " /* " + String.join(", ", notes).replaceAll("\\R", " ").replace("*/", "*\\/") + " */";
  }

  /** {@code type} as an operand of {@code &}: a union in parentheses. */
  private static String grouped(String type) {
    return type.contains(" | ") ? "(" + type + ")" : type;
  }

  /** The schema's {@code field} as stripped text; empty when it has none or there is no schema. */
  private static String text(@Nullable JsonNode schema, String field) {
    return schema != null && schema.isObject() && schema.path(field).isString()
        ? schema.get(field).asString().strip()
        : "";
  }

  private static void tagged(List<String> doc, String tag, String text) {
    if (text.isEmpty()) {
      return;
    }
    List<String> lines = text.lines().toList();
    doc.add(tag + lines.get(0));
    doc.addAll(lines.subList(1, lines.size()));
  }

  private static String literal(JsonNode value) {
    return value.isString() || value.isNumber() || value.isBoolean() || value.isNull()
        ? value.toString()
        : "unknown";
  }

  private static String key(String name) {
    return Identifiers.isIdentifierName(name)
        ? name
        : JsonNodeFactory.instance.stringNode(name).toString();
  }

  private static void jsDoc(StringBuilder out, List<String> lines, String indent) {
    if (lines.isEmpty()) {
      return;
    }
    if (lines.size() == 1) {
      out.append(indent).append("/** ").append(lines.get(0).replace("*/", "*\\/")).append(" */\n");
      return;
    }
    out.append(indent).append("/**\n");
    for (String line : lines) {
      out.append(indent).append(" * ").append(line.replace("*/", "*\\/")).append('\n');
    }
    out.append(indent).append(" */\n");
  }
}
