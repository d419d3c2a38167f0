package io.codemode4j.mcp;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Messages no MCP server can handle, as a hostile or broken client writes them, with the JSON-RPC
 * error each must get: hand-picked ones (not JSON, batches, bad ids, missing pieces) and, for every
 * params field of every method this server answers, that field replaced by each JSON value of the
 * wrong type, and each required field left out.
 */
public final class MalformedMessages {

  /**
   * One message and its expected answer: {@code code}, and {@code id} (null when the answer carries
   * none); {@code notification} when it gets no answer on stdio.
   */
  public record Case(String line, int code, @Nullable Long id, boolean notification) {
    @Override
    public String toString() {
      return line.length() > 120 ? line.substring(0, 120) + "…" : line;
    }
  }

  /** Every JSON type, as one value each. */
  private static final Map<String, String> VALUES =
      Map.of(
          "string", "\"x\"",
          "integer", "5",
          "fraction", "1.5",
          "boolean", "true",
          "null", "null",
          "array", "[]",
          "object", "{}");

  /** What each kind of params field takes, by the value names of {@link #VALUES}. */
  private static final Map<String, List<String>> TAKES =
      Map.of(
          "string", List.of("string"),
          "object", List.of("object"),
          "id", List.of("string", "integer"),
          "number", List.of("integer", "fraction"),
          "strings", List.of("object"),
          "level", List.of(),
          "implementation", List.of(),
          "named", List.of());

  private record Field(String name, String kind, boolean required, String valid) {}

  private record Method(String name, boolean notification, List<Field> fields) {}

  private static final List<Method> METHODS =
      List.of(
          new Method(
              "initialize",
              false,
              List.of(
                  new Field("protocolVersion", "string", true, "\"2025-06-18\""),
                  new Field("capabilities", "object", true, "{}"),
                  new Field(
                      "clientInfo", "implementation", true, "{\"name\":\"t\",\"version\":\"1\"}"))),
          new Method("tools/list", false, List.of(new Field("cursor", "string", false, "\"c\""))),
          new Method("prompts/list", false, List.of(new Field("cursor", "string", false, "\"c\""))),
          new Method(
              "resources/list", false, List.of(new Field("cursor", "string", false, "\"c\""))),
          new Method(
              "tools/call",
              false,
              List.of(
                  new Field("name", "string", true, "\"run_javascript\""),
                  new Field("arguments", "object", false, "{\"code\":\"async () => 1\"}"))),
          new Method(
              "prompts/get",
              false,
              List.of(
                  new Field("name", "string", true, "\"analyst\""),
                  new Field("arguments", "strings", false, "{\"question\":\"q\"}"))),
          new Method(
              "resources/read",
              false,
              List.of(new Field("uri", "string", true, "\"codemode://declarations\""))),
          new Method(
              "logging/setLevel", false, List.of(new Field("level", "level", true, "\"info\""))),
          new Method(
              "completion/complete",
              false,
              List.of(
                  new Field(
                      "ref", "object", true, "{\"type\":\"ref/prompt\",\"name\":\"analyst\"}"),
                  new Field("argument", "named", true, "{\"name\":\"question\",\"value\":\"r\"}"))),
          new Method(
              "notifications/cancelled",
              true,
              List.of(
                  new Field("requestId", "id", false, "7"),
                  new Field("reason", "string", false, "\"r\""))),
          new Method(
              "notifications/progress",
              true,
              List.of(
                  new Field("progressToken", "id", true, "7"),
                  new Field("progress", "number", true, "1"))));

  private MalformedMessages() {}

  /** Every case, ids counting up from {@code firstId}. */
  public static List<Case> all(long firstId) {
    List<Case> cases = new ArrayList<>();
    long id = firstId;
    for (String line :
        List.of(
            "{not json",
            "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"} trailing",
            "{\"jsonrpc\":\"2.0\",\"id\":1,\"id\":2,\"method\":\"ping\"}",
            "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"")) {
      cases.add(new Case(line, -32700, null, false));
    }
    for (String line :
        List.of(
            "\"just a string\"",
            "42",
            "true",
            "null",
            "[1,2]",
            "[]",
            "[{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}]")) {
      cases.add(new Case(line, -32600, null, false));
    }
    for (String badId :
        List.of("null", "1.5", "true", "{}", "[1]", "1e3", "99999999999999999999")) {
      cases.add(
          new Case(
              "{\"jsonrpc\":\"2.0\",\"id\":" + badId + ",\"method\":\"ping\"}",
              -32600,
              null,
              false));
    }
    for (String jsonrpc :
        List.of("", ",\"jsonrpc\":\"1.0\"", ",\"jsonrpc\":2", ",\"jsonrpc\":null")) {
      long n = id++;
      cases.add(
          new Case("{\"id\":" + n + ",\"method\":\"ping\"" + jsonrpc + "}", -32600, n, false));
    }
    for (String method : List.of("5", "null", "{}", "[\"ping\"]")) {
      long n = id++;
      cases.add(
          new Case(
              "{\"jsonrpc\":\"2.0\",\"id\":" + n + ",\"method\":" + method + "}",
              -32600,
              n,
              false));
    }
    long noMethod = id++;
    cases.add(new Case("{\"jsonrpc\":\"2.0\",\"id\":" + noMethod + "}", -32600, noMethod, false));
    cases.add(new Case("{\"jsonrpc\":\"2.0\"}", -32600, null, false));
    for (String params : List.of("\"x\"", "5", "true", "[]", "[1]")) {
      long n = id++;
      cases.add(
          new Case(
              "{\"jsonrpc\":\"2.0\",\"id\":"
                  + n
                  + ",\"method\":\"tools/call\",\"params\":"
                  + params
                  + "}",
              -32602,
              n,
              false));
    }
    for (String meta :
        List.of("5", "\"m\"", "[]", "{\"progressToken\":{}}", "{\"progressToken\":1.5}")) {
      long n = id++;
      cases.add(
          new Case(
              "{\"jsonrpc\":\"2.0\",\"id\":"
                  + n
                  + ",\"method\":\"ping\",\"params\":{\"_meta\":"
                  + meta
                  + "}}",
              -32602,
              n,
              false));
    }
    for (Method method : METHODS) {
      for (Field field : method.fields()) {
        for (Map.Entry<String, String> value : VALUES.entrySet()) {
          if (TAKES.get(field.kind()).contains(value.getKey())) {
            continue;
          }
          cases.add(withField(method, field, value.getValue(), id++));
        }
        if (field.required()) {
          cases.add(withField(method, field, null, id++));
        }
      }
    }
    return List.copyOf(cases);
  }

  /** {@code method} with valid params but {@code field} set to {@code value} (left out if null). */
  private static Case withField(Method method, Field field, @Nullable String value, long id) {
    Map<String, String> params = new LinkedHashMap<>();
    for (Field f : method.fields()) {
      params.put(f.name(), f.valid());
    }
    if (value == null) {
      params.remove(field.name());
    } else {
      params.put(field.name(), value);
    }
    StringBuilder text = new StringBuilder("{");
    params.forEach(
        (k, v) ->
            text.append(text.length() > 1 ? "," : "")
                .append('"')
                .append(k)
                .append("\":")
                .append(v));
    text.append('}');
    String line =
        "{\"jsonrpc\":\"2.0\","
            + (method.notification() ? "" : "\"id\":" + id + ",")
            + "\"method\":\""
            + method.name()
            + "\",\"params\":"
            + text
            + "}";
    return new Case(line, -32602, method.notification() ? null : id, method.notification());
  }
}
