package io.codemode4j.agent;

import com.sun.net.httpserver.Headers;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * A test fixture that speaks OpenAI's chat-completions wire format on 127.0.0.1 ({@code POST
 * /v1/chat/completions}) and answers like a model following a script: each request gets the next
 * reply, which may read the request (the {@code tool} messages it carries) as a model would. Every
 * request is recorded as it arrived (protocol, headers, JSON body), so a test can check what the
 * real client sent.
 *
 * <p>Decided: a real HTTP server rather than a stub of LangChain4j's client, so the client's
 * request building, JSON mapping, HTTP settings and response parsing all run; the JDK's {@code
 * com.sun.net.httpserver} because it needs no dependency. A request past the end of the script is
 * answered 500 with a message naming it, and recorded, so a test that counts requests sees it.
 *
 * <p>Shared with the cli module's tests through this module's test-jar.
 */
public final class OpenAiWireServer implements AutoCloseable {

  /** What the server received in one request. */
  public record Received(
      String method,
      String path,
      String protocol,
      Map<String, List<String>> headers,
      JsonNode body) {
    public Received {
      Objects.requireNonNull(method, "method");
      Objects.requireNonNull(path, "path");
      Objects.requireNonNull(protocol, "protocol");
      headers = Map.copyOf(headers);
      Objects.requireNonNull(body, "body");
    }

    /** The header's first value, looked up ignoring case, or null when it was not sent. */
    public @Nullable String header(String name) {
      for (Map.Entry<String, List<String>> e : headers.entrySet()) {
        if (e.getKey().equalsIgnoreCase(name) && !e.getValue().isEmpty()) {
          return e.getValue().get(0);
        }
      }
      return null;
    }

    /** The request's {@code messages} of {@code role}, in order. */
    public List<JsonNode> messages(String role) {
      List<JsonNode> out = new ArrayList<>();
      body.path("messages")
          .forEach(
              m -> {
                if (m.path("role").asString("").equals(role)) {
                  out.add(m);
                }
              });
      return out;
    }

    /** The content of the last {@code tool} message, parsed: what the tool answered the model. */
    public JsonNode lastToolResult() {
      List<JsonNode> tools = messages("tool");
      if (tools.isEmpty()) {
        throw new IllegalStateException("the request carries no tool message: " + body);
      }
      return MAPPER.readTree(tools.get(tools.size() - 1).path("content").asString());
    }
  }

  /**
   * One scripted answer: an HTTP status and a JSON body (a missing node for an empty body), and the
   * {@code Location} header of a redirect (null otherwise).
   */
  public record Reply(int status, JsonNode body, @Nullable String location) {
    public Reply {
      if (status < 200 || status > 599) {
        throw new IllegalArgumentException("an HTTP status is 200..599, was " + status);
      }
      Objects.requireNonNull(body, "body");
    }

    public Reply(int status, JsonNode body) {
      this(status, body, null);
    }

    /** A status with an empty body, as a proxy or a broken server answers. */
    public static Reply empty(int status) {
      return new Reply(status, tools.jackson.databind.node.MissingNode.getInstance());
    }

    /** A redirect to {@code location}, with an empty body. */
    public static Reply redirect(int status, String location) {
      if (status < 300 || status > 399) {
        throw new IllegalArgumentException("a redirect is 3xx, was " + status);
      }
      return new Reply(status, tools.jackson.databind.node.MissingNode.getInstance(), location);
    }

    /** An assistant message that calls one tool; {@code arguments} is JSON text, as on the wire. */
    public static Reply toolCall(String id, String name, String arguments) {
      ObjectNode message = assistant();
      message.putNull("content");
      ObjectNode call = message.putArray("tool_calls").addObject();
      call.put("id", id).put("type", "function");
      call.putObject("function").put("name", name).put("arguments", arguments);
      return new Reply(200, completion(message, "tool_calls"));
    }

    /** An assistant message with text only. */
    public static Reply text(String content) {
      ObjectNode message = assistant().put("content", content);
      return new Reply(200, completion(message, "stop"));
    }

    /** An error as OpenAI sends one: {@code {"error": {"message", "type"}}}. */
    public static Reply error(int status, String message) {
      ObjectNode body = JsonNodeFactory.instance.objectNode();
      body.putObject("error").put("message", message).put("type", "server_error");
      return new Reply(status, body);
    }

    private static ObjectNode assistant() {
      return JsonNodeFactory.instance.objectNode().put("role", "assistant");
    }

    private static ObjectNode completion(ObjectNode message, String finishReason) {
      ObjectNode body =
          JsonNodeFactory.instance
              .objectNode()
              .put("id", "chatcmpl-scripted")
              .put("object", "chat.completion")
              .put("created", 1_700_000_000L)
              .put("model", "scripted");
      ArrayNode choices = body.putArray("choices");
      choices
          .addObject()
          .put("index", 0)
          .put("finish_reason", finishReason)
          .set("message", message);
      body.putObject("usage")
          .put("prompt_tokens", 1)
          .put("completion_tokens", 1)
          .put("total_tokens", 2);
      return body;
    }
  }

  /** The chat-completions path under the base URL {@link #baseUrl()}. */
  public static final String COMPLETIONS_PATH = "/v1/chat/completions";

  private static final JsonMapper MAPPER = JsonMapper.builder().build();

  private final HttpServer server;
  private final ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor();
  private final List<Function<Received, Reply>> script;
  private final List<Received> received = new CopyOnWriteArrayList<>();

  private OpenAiWireServer(List<Function<Received, Reply>> script) throws IOException {
    this.script = List.copyOf(script);
    this.server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.createContext("/", this::handle);
    server.setExecutor(threads);
    server.start();
  }

  /** Starts a server on a free port of 127.0.0.1 that answers request n with {@code script[n]}. */
  @SafeVarargs
  public static OpenAiWireServer start(Function<Received, Reply>... script) throws IOException {
    return new OpenAiWireServer(List.of(script));
  }

  /** A reply that reads nothing of the request. */
  public static Function<Received, Reply> always(Reply reply) {
    return request -> reply;
  }

  /** The base URL an OpenAI client is given, e.g. {@code http://127.0.0.1:40123/v1}. */
  public String baseUrl() {
    return "http://127.0.0.1:" + server.getAddress().getPort() + "/v1";
  }

  /** Every request so far, in arrival order. */
  public List<Received> received() {
    return List.copyOf(received);
  }

  private void handle(HttpExchange exchange) throws IOException {
    try (exchange) {
      byte[] raw = exchange.getRequestBody().readAllBytes();
      JsonNode body;
      try {
        body = raw.length == 0 ? JsonNodeFactory.instance.nullNode() : MAPPER.readTree(raw);
      } catch (RuntimeException e) {
        body = JsonNodeFactory.instance.stringNode(new String(raw, StandardCharsets.UTF_8));
      }
      Received request =
          new Received(
              exchange.getRequestMethod(),
              exchange.getRequestURI().getPath(),
              exchange.getProtocol(),
              copy(exchange.getRequestHeaders()),
              body);
      int index;
      synchronized (received) {
        received.add(request);
        index = received.size() - 1;
      }
      Reply reply;
      if (!request.method().equals("POST") || !request.path().equals(COMPLETIONS_PATH)) {
        reply =
            Reply.error(
                404,
                "this server answers only POST "
                    + COMPLETIONS_PATH
                    + ", was "
                    + request.method()
                    + " "
                    + request.path());
      } else if (index >= script.size()) {
        reply =
            Reply.error(
                500,
                "the script has " + script.size() + " replies and this is request " + (index + 1));
      } else {
        try {
          reply = script.get(index).apply(request);
        } catch (RuntimeException e) {
          // A script that cannot read the request answers like a broken server, with the reason.
          reply = Reply.error(500, "reply " + (index + 1) + " of the script failed: " + e);
        }
      }
      byte[] out =
          reply.body().isMissingNode() ? new byte[0] : MAPPER.writeValueAsBytes(reply.body());
      exchange.getResponseHeaders().set("Content-Type", "application/json");
      if (reply.location() != null) {
        exchange.getResponseHeaders().set("Location", reply.location());
      }
      exchange.sendResponseHeaders(reply.status(), out.length == 0 ? -1 : out.length);
      try (OutputStream stream = exchange.getResponseBody()) {
        stream.write(out);
      }
    }
  }

  private static Map<String, List<String>> copy(Headers headers) {
    Map<String, List<String>> copy = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
    headers.forEach((name, values) -> copy.put(name, List.copyOf(values)));
    return copy;
  }

  @Override
  public void close() {
    server.stop(0);
    threads.close();
  }
}
