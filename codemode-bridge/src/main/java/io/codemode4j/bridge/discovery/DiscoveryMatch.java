package io.codemode4j.bridge.discovery;

import io.codemode4j.bridge.tool.ExecutionClass;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * One method that {@link ToolDiscovery} found. Selecting it means exposing {@code tool}, the outer
 * Code Mode tool that owns it, on the next turn; it never adds anything to that tool's allowlist.
 *
 * @param id {@code code-mode:<tool>:<namespace>.<method>}, distinct for every alias of a tool and
 *     from any native tool name (those have no colon)
 * @param tool the outer execution tool whose programs may call the method, e.g. {@code
 *     run_javascript}
 * @param nativeTool the name of the tool behind the method, e.g. {@code billing_invoices}
 * @param namespace the method's namespace, e.g. {@code billing}
 * @param method the method's name in its namespace, e.g. {@code invoices}
 * @param description the tool's description
 * @param parameters the tool's own (native, encoded) parameters schema
 * @param success the tool's own success schema
 * @param declaration the method's complete TypeScript declaration, {@code declare const
 *     <namespace>: {...};}
 * @param executionClass whether the method reads, writes, or writes only with a person's approval
 *     ({@code needsApproval}), so a model can tell before it writes the program
 */
public record DiscoveryMatch(
    String id,
    String tool,
    String nativeTool,
    String namespace,
    String method,
    String description,
    JsonNode parameters,
    JsonNode success,
    String declaration,
    ExecutionClass executionClass) {

  /** A full stop and a space, not the one of "e.g." or "i.e.". */
  private static final Pattern SENTENCE_END = Pattern.compile("(?<!\\be\\.g|\\bi\\.e)\\.\\s");

  public DiscoveryMatch {
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(tool, "tool");
    Objects.requireNonNull(nativeTool, "nativeTool");
    Objects.requireNonNull(namespace, "namespace");
    Objects.requireNonNull(method, "method");
    Objects.requireNonNull(description, "description");
    parameters = Objects.requireNonNull(parameters, "parameters").deepCopy();
    success = Objects.requireNonNull(success, "success").deepCopy();
    Objects.requireNonNull(declaration, "declaration");
    Objects.requireNonNull(executionClass, "executionClass");
    if (!id.equals(id(tool, namespace, method))) {
      throw new IllegalArgumentException(
          "id must be " + id(tool, namespace, method) + ", was " + id);
    }
  }

  /** {@code code-mode:<tool>:<namespace>.<method>}. */
  static String id(String tool, String namespace, String method) {
    return "code-mode:" + tool + ":" + namespace + "." + method;
  }

  /** A copy of the parameters schema; the match itself never changes. */
  @Override
  public JsonNode parameters() {
    return parameters.deepCopy();
  }

  /** A copy of the success schema; the match itself never changes. */
  @Override
  public JsonNode success() {
    return success.deepCopy();
  }

  /**
   * What the method is for, in one line: the description's first sentence of its first line (a full
   * stop before a space ends it, except in e.g. and i.e.).
   */
  public String purpose() {
    String line = description.strip().lines().findFirst().orElse("");
    Matcher end = SENTENCE_END.matcher(line);
    return end.find() ? line.substring(0, end.start() + 1) : line;
  }

  /**
   * The match as the {@code discover_tools} tool returns it at {@code detail}: {@link
   * DiscoveryDetail#BRIEF} is {@code {name, tool, purpose, declaration}} ({@code name} is {@code
   * <namespace>.<method>}), {@link DiscoveryDetail#DETAILED} every field of the record.
   */
  public ObjectNode toJson(DiscoveryDetail detail) {
    ObjectNode json = JsonNodeFactory.instance.objectNode();
    if (detail == DiscoveryDetail.BRIEF) {
      return json.put("name", namespace + "." + method)
          .put("tool", tool)
          .put("purpose", purpose())
          .put("declaration", declaration);
    }
    json.put("id", id)
        .put("tool", tool)
        .put("nativeTool", nativeTool)
        .put("namespace", namespace)
        .put("method", method)
        .put("description", description);
    json.set("parameters", parameters.deepCopy());
    json.set("success", success.deepCopy());
    return json.put("declaration", declaration).put("executionClass", executionClass.wireName());
  }
}
