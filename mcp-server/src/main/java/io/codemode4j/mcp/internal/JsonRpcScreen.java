package io.codemode4j.mcp.internal;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.JacksonException;
import tools.jackson.core.StreamReadFeature;
import tools.jackson.core.exc.StreamConstraintsException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * Reads one incoming message as JSON-RPC 2.0 and MCP shape it, before the SDK sees it: every
 * message the SDK would choke on is refused here with the JSON-RPC error that says why, in our own
 * words.
 *
 * <p>Decided: the SDK turns a message it cannot bind into an exception whose text (class names,
 * Jackson's reference chains) reaches the client, and its stdio reader stops reading for good at
 * the first line it cannot read, so both transports screen first. The checks are JSON-RPC's (one
 * object, {@code "jsonrpc": "2.0"}, an id that is a string or an integer, a string method, params
 * an object) and the params of the methods this server answers, field by field as MCP's schema
 * types them; the params of other methods are left to the SDK, which answers "method not found".
 * Duplicate keys are refused: a message two readers could read differently is not one message.
 */
public final class JsonRpcScreen {

  /** JSON-RPC's error codes for a message refused before it is handled. */
  public enum Code {
    PARSE_ERROR(-32700, "Parse error"),
    INVALID_REQUEST(-32600, "Invalid Request"),
    INVALID_PARAMS(-32602, "Invalid params");

    private final int value;
    private final String title;

    Code(int value, String title) {
      this.value = value;
      this.title = title;
    }

    public int value() {
      return value;
    }
  }

  /** What one message is, once read. */
  public enum Kind {
    REQUEST,
    NOTIFICATION,
    RESPONSE
  }

  /** The screen's answer for one message. */
  public sealed interface Verdict permits Accepted, Refused {}

  /** A message the SDK can read; {@code id} is null for a notification. */
  public record Accepted(ObjectNode message, Kind kind, @Nullable JsonNode id) implements Verdict {}

  /**
   * A message refused with {@code code}; {@code id} is the request's when it had a valid one, else
   * null; {@code notification} when it was a notification, which JSON-RPC answers with nothing.
   */
  public record Refused(@Nullable JsonNode id, Code code, String detail, boolean notification)
      implements Verdict {

    /** The error's message: the code's title and the detail. */
    public String message() {
      return code.title + ": " + detail;
    }

    /** The JSON-RPC error response. */
    public ObjectNode toJson() {
      return JsonRpcErrors.error(id, code.value, message());
    }
  }

  private static final Set<String> LEVELS =
      Set.of("debug", "info", "notice", "warning", "error", "critical", "alert", "emergency");

  /** The params of the methods this server answers, as MCP's schema types them. */
  private static final Map<String, List<Param>> PARAMS =
      Map.ofEntries(
          Map.entry(
              "initialize",
              List.of(
                  Param.required("protocolVersion", Shape.STRING),
                  Param.required("capabilities", Shape.OBJECT),
                  Param.required("clientInfo", Shape.IMPLEMENTATION))),
          Map.entry("ping", List.of()),
          Map.entry("tools/list", List.of(Param.optional("cursor", Shape.STRING))),
          Map.entry("prompts/list", List.of(Param.optional("cursor", Shape.STRING))),
          Map.entry("resources/list", List.of(Param.optional("cursor", Shape.STRING))),
          Map.entry("resources/templates/list", List.of(Param.optional("cursor", Shape.STRING))),
          Map.entry(
              "tools/call",
              List.of(
                  Param.required("name", Shape.STRING), Param.optional("arguments", Shape.OBJECT))),
          Map.entry(
              "prompts/get",
              List.of(
                  Param.required("name", Shape.STRING),
                  Param.optional("arguments", Shape.STRING_MAP))),
          Map.entry("resources/read", List.of(Param.required("uri", Shape.STRING))),
          Map.entry("resources/subscribe", List.of(Param.required("uri", Shape.STRING))),
          Map.entry("resources/unsubscribe", List.of(Param.required("uri", Shape.STRING))),
          Map.entry("logging/setLevel", List.of(Param.required("level", Shape.LEVEL))),
          Map.entry(
              "completion/complete",
              List.of(
                  Param.required("ref", Shape.OBJECT),
                  Param.required("argument", Shape.NAMED_VALUE),
                  Param.optional("context", Shape.OBJECT))),
          Map.entry("notifications/initialized", List.of()),
          Map.entry("notifications/roots/list_changed", List.of()),
          Map.entry(
              "notifications/cancelled",
              List.of(
                  Param.optional("requestId", Shape.ID), Param.optional("reason", Shape.STRING))),
          Map.entry(
              "notifications/progress",
              List.of(
                  Param.required("progressToken", Shape.ID),
                  Param.required("progress", Shape.NUMBER),
                  Param.optional("total", Shape.NUMBER),
                  Param.optional("message", Shape.STRING))));

  private final JsonMapper mapper;
  private final boolean takesResponses;

  /**
   * @param takesResponses whether the transport carries responses to requests of the server's own
   *     (stdio does; the stateless HTTP server sends no requests, so a response is refused there)
   */
  public JsonRpcScreen(JsonMapper mapper, boolean takesResponses) {
    this.mapper = mapper.rebuild().enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION).build();
    this.takesResponses = takesResponses;
  }

  /** Screens one message's text. */
  public Verdict screen(String text) {
    JsonNode json;
    try {
      json = mapper.readTree(text);
    } catch (StreamConstraintsException e) {
      return new Refused(
          null,
          Code.PARSE_ERROR,
          "the message is nested too deeply or holds a number or string too long to read",
          false);
    } catch (JacksonException e) {
      return new Refused(null, Code.PARSE_ERROR, notJson(e), false);
    }
    if (json == null || json.isMissingNode()) {
      return new Refused(null, Code.PARSE_ERROR, "the message is empty", false);
    }
    if (!(json instanceof ObjectNode message)) {
      return new Refused(
          null,
          Code.INVALID_REQUEST,
          json.isArray()
              ? "a message is one JSON object; batches (arrays) are not part of MCP"
              : "a message is one JSON object, not " + article(json),
          false);
    }
    return screen(message);
  }

  private Verdict screen(ObjectNode message) {
    boolean hasId = message.has("id");
    JsonNode id = message.get("id");
    boolean validId = hasId && isId(id);
    JsonNode answerId = validId ? id : null;
    boolean notification = !hasId && message.has("method");
    if (!"2.0".equals(message.path("jsonrpc").asString(null))) {
      return new Refused(
          answerId, Code.INVALID_REQUEST, "a message needs \"jsonrpc\": \"2.0\"", notification);
    }
    if (hasId && !validId) {
      return new Refused(
          null, Code.INVALID_REQUEST, "an id is a string or an integer, not " + article(id), false);
    }
    if (!message.has("method")) {
      if (!hasId || !(message.has("result") ^ message.has("error"))) {
        return new Refused(
            answerId,
            Code.INVALID_REQUEST,
            "a message needs a method (a request or notification), or an id with a result or an"
                + " error (a response)",
            false);
      }
      if (!takesResponses) {
        return new Refused(
            answerId,
            Code.INVALID_REQUEST,
            "this server sends no requests, so it takes no responses: send a request or a"
                + " notification",
            false);
      }
      return new Accepted(message, Kind.RESPONSE, id);
    }
    JsonNode method = message.get("method");
    if (!method.isString()) {
      return new Refused(
          answerId,
          Code.INVALID_REQUEST,
          "method is a string, not " + article(method),
          notification);
    }
    JsonNode params = message.get("params");
    if (params != null && !params.isNull() && !params.isObject()) {
      return new Refused(
          answerId,
          Code.INVALID_PARAMS,
          method.asString() + " takes params as an object, not " + article(params),
          notification);
    }
    String wrong = params(method.asString(), params == null || params.isNull() ? null : params);
    if (wrong != null) {
      return new Refused(answerId, Code.INVALID_PARAMS, wrong, notification);
    }
    if (params != null && params.isNull()) {
      // The SDK binds an explicit null as no params; dropping it keeps that the one reading.
      message.remove("params");
    }
    return new Accepted(message, notification ? Kind.NOTIFICATION : Kind.REQUEST, id);
  }

  /** Why {@code params} do not fit {@code method}, or null when they do (or it is not ours). */
  private static @Nullable String params(String method, @Nullable JsonNode params) {
    if (params != null && params.has("_meta")) {
      JsonNode meta = params.get("_meta");
      if (!meta.isObject()) {
        return method + " takes params._meta as an object, not " + article(meta);
      }
      if (meta.has("progressToken") && !isId(meta.get("progressToken"))) {
        return method
            + " takes params._meta.progressToken as a string or an integer, not "
            + article(meta.get("progressToken"));
      }
    }
    List<Param> expected = PARAMS.get(method);
    if (expected == null) {
      return null;
    }
    for (Param param : expected) {
      JsonNode value = params == null ? null : params.get(param.name());
      if (value == null) {
        if (param.required()) {
          return method + " needs params." + param.name() + ", " + param.shape().described;
        }
        continue;
      }
      String wrong = param.shape().wrong(value);
      if (wrong != null) {
        return method
            + " takes params."
            + param.name()
            + " as "
            + param.shape().described
            + ", not "
            + wrong;
      }
    }
    return null;
  }

  /** JSON-RPC's ids as MCP narrows them: a string, or an integer a long holds. */
  private static boolean isId(@Nullable JsonNode id) {
    return id != null && (id.isString() || (id.isIntegralNumber() && id.canConvertToLong()));
  }

  private static String notJson(JacksonException e) {
    String text = e.getOriginalMessage();
    String why =
        text != null && text.startsWith("Duplicate")
            ? "the message holds a key twice"
            : "the message is not valid JSON";
    var location = e.getLocation();
    return location == null || location.getLineNr() < 1
        ? why
        : why + " (at line " + location.getLineNr() + ", column " + location.getColumnNr() + ")";
  }

  /** {@code a string}, {@code an object}, {@code null}: how a value is named in a sentence. */
  static String article(JsonNode value) {
    if (value.isNull()) {
      return "null";
    }
    if (value.isIntegralNumber()) {
      return value.canConvertToLong() ? "an integer" : "an integer too large for a long";
    }
    if (value.isNumber()) {
      return "a fraction";
    }
    String type = value.getNodeType().name().toLowerCase(Locale.ROOT);
    return (type.startsWith("a") || type.startsWith("o") ? "an " : "a ") + type;
  }

  /** One field of a method's params. */
  private record Param(String name, Shape shape, boolean required) {
    static Param required(String name, Shape shape) {
      return new Param(name, shape, true);
    }

    static Param optional(String name, Shape shape) {
      return new Param(name, shape, false);
    }
  }

  /** The shapes MCP's params take. */
  private enum Shape {
    STRING("a string"),
    NUMBER("a number"),
    OBJECT("an object"),
    ID("a string or an integer"),
    STRING_MAP("an object of strings"),
    IMPLEMENTATION("an object with a string name and version"),
    NAMED_VALUE("an object with a string name and value"),
    LEVEL("one of " + String.join(", ", List.copyOf(new java.util.TreeSet<>(LEVELS))));

    private final String described;

    Shape(String described) {
      this.described = described;
    }

    /** What {@code value} is, when it is not of this shape; null when it is. */
    @Nullable String wrong(JsonNode value) {
      return switch (this) {
        case STRING -> value.isString() ? null : article(value);
        case NUMBER -> value.isNumber() ? null : article(value);
        case OBJECT -> value.isObject() ? null : article(value);
        case ID -> isId(value) ? null : article(value);
        case STRING_MAP -> {
          if (!value.isObject()) {
            yield article(value);
          }
          for (var entry : value.properties()) {
            if (!entry.getValue().isString()) {
              yield "an object whose " + entry.getKey() + " is " + article(entry.getValue());
            }
          }
          yield null;
        }
        case IMPLEMENTATION -> strings(value, "name", "version");
        case NAMED_VALUE -> strings(value, "name", "value");
        case LEVEL ->
            value.isString() && LEVELS.contains(value.asString())
                ? null
                : value.isString()
                    ? "\"" + JsonRpcErrors.shortened(value.asString()) + "\""
                    : article(value);
      };
    }

    private static @Nullable String strings(JsonNode value, String... fields) {
      if (!value.isObject()) {
        return article(value);
      }
      for (String field : fields) {
        JsonNode f = value.get(field);
        if (f == null || !f.isString()) {
          return "an object whose " + field + " is " + (f == null ? "missing" : article(f));
        }
      }
      return null;
    }
  }
}
