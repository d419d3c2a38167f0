package io.codemode4j.bridge;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import tools.jackson.databind.JsonNode;

/**
 * TypeScript declarations of allowlisted methods, generated from their native parameter and success
 * schemas: one {@code declare const <namespace>: { ... }} per namespace, each method
 * {@code name(args: {...}): Promise<...>} with JSDoc from the tool and property descriptions.
 *
 * <p>Supported: objects (required vs optional properties, {@code additionalProperties}), arrays, enums and
 * {@code const} literals, {@code anyOf}/{@code oneOf} unions, nullable type lists, local {@code $ref} into
 * {@code $defs}/{@code definitions}, string and number formats as comments. Anything deeper than
 * {@value #MAX_DEPTH} levels, or not understood, is {@code unknown}.
 */
final class TypeScriptDeclarations {

  private static final int MAX_DEPTH = 8;

  private TypeScriptDeclarations() {}

  /** Declarations for {@code namespace -> method -> spec}, namespaces and methods in the map's order. */
  static String of(Map<String, Map<String, ToolSpec>> namespaces) {
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
    StringBuilder out = new StringBuilder();
    List<String> doc = new ArrayList<>();
    if (!spec.description().isBlank()) {
      doc.addAll(spec.description().strip().lines().toList());
    }
    doc.add("@executionClass " + spec.executionClass().wireName());
    jsDoc(out, doc, indent);
    JsonNode parameters = spec.parameters();
    JsonNode success = spec.success();
    boolean argsOptional = !parameters.has("required") || parameters.get("required").isEmpty();
    out.append(indent).append(name).append("(args").append(argsOptional ? "?" : "").append(": ")
        .append(type(parameters, parameters, indent, 0)).append("): Promise<")
        .append(type(success, success, indent, 0)).append(">;\n");
    return out.toString();
  }

  private static String type(JsonNode schema, JsonNode root, String indent, int depth) {
    if (depth > MAX_DEPTH || schema == null || !schema.isObject()) {
      return schema != null && schema.isBoolean() && !schema.asBoolean() ? "never" : "unknown";
    }
    if (schema.has("$ref")) {
      JsonNode target = resolve(schema.get("$ref").asString(""), root);
      return target == null ? "unknown" : type(target, root, indent, depth + 1);
    }
    if (schema.has("const")) {
      return literal(schema.get("const"));
    }
    if (schema.has("enum") && schema.get("enum").isArray()) {
      List<String> literals = new ArrayList<>();
      schema.get("enum").forEach(v -> literals.add(literal(v)));
      return literals.isEmpty() ? "never" : String.join(" | ", literals);
    }
    for (String union : List.of("anyOf", "oneOf")) {
      if (schema.has(union) && schema.get(union).isArray()) {
        Set<String> members = new java.util.LinkedHashSet<>();
        schema.get(union).forEach(member -> members.add(type(member, root, indent, depth + 1)));
        return members.size() == 1 ? members.iterator().next() : "(" + String.join(" | ", members) + ")";
      }
    }
    JsonNode typeNode = schema.get("type");
    if (typeNode != null && typeNode.isArray()) {
      Set<String> members = new java.util.LinkedHashSet<>();
      typeNode.forEach(t -> members.add(single(t.asString(""), schema, root, indent, depth)));
      return String.join(" | ", members);
    }
    if (typeNode != null) {
      return single(typeNode.asString(""), schema, root, indent, depth);
    }
    if (schema.has("properties")) {
      return single("object", schema, root, indent, depth);
    }
    if (schema.has("items")) {
      return single("array", schema, root, indent, depth);
    }
    return "unknown";
  }

  private static String single(String type, JsonNode schema, JsonNode root, String indent, int depth) {
    return switch (type) {
      case "string" -> "string" + format(schema);
      case "integer", "number" -> "number" + format(schema);
      case "boolean" -> "boolean";
      case "null" -> "null";
      case "array" -> {
        String items = type(schema.get("items"), root, indent, depth + 1);
        yield items.matches("[A-Za-z_][A-Za-z0-9_]*") ? items + "[]" : "Array<" + items + ">";
      }
      case "object" -> object(schema, root, indent, depth);
      default -> "unknown";
    };
  }

  private static String object(JsonNode schema, JsonNode root, String indent, int depth) {
    JsonNode properties = schema.get("properties");
    JsonNode additional = schema.get("additionalProperties");
    Set<String> required = new HashSet<>();
    if (schema.has("required")) {
      schema.get("required").forEach(r -> required.add(r.asString("")));
    }
    boolean hasProperties = properties != null && properties.isObject() && !properties.isEmpty();
    String index = null;
    if (additional != null && additional.isObject()) {
      index = "[key: string]: " + type(additional, root, indent, depth + 1) + ";";
    }
    if (!hasProperties) {
      if (index != null) {
        return "{ " + index + " }";
      }
      return additional != null && additional.isBoolean() && !additional.asBoolean() ? "{}" : "{ [key: string]: unknown }";
    }
    String inner = indent + "  ";
    StringBuilder out = new StringBuilder("{\n");
    for (Map.Entry<String, JsonNode> property : properties.properties()) {
      JsonNode propertySchema = property.getValue();
      List<String> doc = new ArrayList<>();
      if (propertySchema.isObject() && propertySchema.has("description")) {
        doc.addAll(propertySchema.get("description").asString("").strip().lines().toList());
      }
      jsDoc(out, doc, inner);
      out.append(inner).append(key(property.getKey())).append(required.contains(property.getKey()) ? "" : "?")
          .append(": ").append(type(propertySchema, root, inner, depth + 1)).append(";\n");
    }
    if (index != null) {
      out.append(inner).append(index).append('\n');
    }
    return out.append(indent).append('}').toString();
  }

  private static String format(JsonNode schema) {
    return schema.has("format") ? " /* " + schema.get("format").asString("").replace("*/", "") + " */" : "";
  }

  private static JsonNode resolve(String ref, JsonNode root) {
    if (!ref.startsWith("#/")) {
      return null;
    }
    JsonNode node = root;
    for (String part : ref.substring(2).split("/")) {
      node = node.get(part.replace("~1", "/").replace("~0", "~"));
      if (node == null) {
        return null;
      }
    }
    return node;
  }

  private static String literal(JsonNode value) {
    return value.isString() || value.isNumber() || value.isBoolean() || value.isNull() ? value.toString() : "unknown";
  }

  private static String key(String name) {
    return name.matches("[A-Za-z_$][A-Za-z0-9_$]*")
        ? name : tools.jackson.databind.node.JsonNodeFactory.instance.stringNode(name).toString();
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
