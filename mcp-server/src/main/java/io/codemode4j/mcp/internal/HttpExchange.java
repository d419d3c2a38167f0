package io.codemode4j.mcp.internal;

import io.codemode4j.bridge.audit.LogText;
import jakarta.servlet.AsyncContext;
import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.WriteListener;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpServletResponseWrapper;
import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * One screened POST handed to the SDK's stateless transport: the request's body, already read and
 * screened, given to it again; and its answer held until the transport is done, then sent as it is
 * when it is a JSON-RPC message, or replaced by a JSON-RPC error in one sentence when it is not.
 *
 * <p>Decided: the transport answers a message it fails on with its whole exception serialised
 * (stack frames, class names) and status 500; holding the answer (one JSON message, which the
 * transport writes in one piece after its handler completed) costs one copy and is the one place
 * that sees every answer, whatever path the transport took.
 */
final class HttpExchange {

  private static final Logger LOG = LoggerFactory.getLogger("io.codemode4j.mcp");

  private HttpExchange() {}

  /**
   * Reads the body, at most {@code limit} bytes.
   *
   * @return the body, or null when it is longer than {@code limit}
   */
  static byte @Nullable [] body(HttpServletRequest request, int limit) throws IOException {
    long declared = request.getContentLengthLong();
    if (declared > limit) {
      return null;
    }
    try (InputStream in = request.getInputStream()) {
      byte[] body = in.readNBytes(limit + 1);
      return body.length > limit ? null : body;
    }
  }

  /**
   * Hands {@code body} to {@code transport} and sends what it answered, made safe: an answer that
   * is not a JSON-RPC message becomes the error for {@code id}. When {@code stream} sent
   * notifications, the answer is its last event.
   */
  static void serve(
      jakarta.servlet.http.HttpServlet transport,
      HttpServletRequest request,
      HttpServletResponse servletResponse,
      byte[] body,
      @Nullable JsonNode id,
      JsonMapper mapper,
      @Nullable SseStream stream)
      throws IOException, jakarta.servlet.ServletException {
    Held held = new Held(servletResponse);
    boolean streamed;
    try {
      transport.service(new Replayed(request, body), held);
    } finally {
      streamed = stream != null && stream.close();
    }
    HttpServletResponse response =
        streamed && stream != null ? new Streamed(servletResponse, stream) : servletResponse;
    byte[] answer = held.bytes();
    int status = held.status;
    if (status == HttpServletResponse.SC_ACCEPTED && answer.length == 0) {
      response.setStatus(status);
      return;
    }
    JsonNode json = parse(mapper, answer);
    if (json != null && json.isObject() && json.has("jsonrpc") && status < 400) {
      JsonNode safe = JsonRpcErrors.safe(json);
      if (safe == json) {
        write(response, status, answer);
        return;
      }
      LOG.warn(
          "answered {} with an internal error in place of: {}", id, LogText.of(json.toString()));
      write(response, status, bytes(safe));
      return;
    }
    // The transport failed: its serialised exception (or nothing) in place of an answer.
    LOG.warn(
        "the MCP transport answered {} with status {} and no JSON-RPC message: {}",
        id,
        status,
        LogText.of(new String(answer, StandardCharsets.UTF_8)));
    if (status == HttpServletResponse.SC_SERVICE_UNAVAILABLE) {
      write(
          response,
          status,
          bytes(
              JsonRpcErrors.error(
                  id,
                  JsonRpcErrors.INTERNAL_ERROR,
                  "the server is shutting down and takes no new requests: retry on another")));
      return;
    }
    // A request's failure is its answer (200, as for any JSON-RPC error); a notification has none,
    // so the status says it was not taken.
    write(
        response,
        id == null ? HttpServletResponse.SC_BAD_REQUEST : HttpServletResponse.SC_OK,
        bytes(
            JsonRpcErrors.error(id, JsonRpcErrors.INTERNAL_ERROR, JsonRpcErrors.INTERNAL_MESSAGE)));
  }

  /**
   * Hands one request to the transport with sessions: a POST's {@code body}, already read and
   * screened, or a GET or DELETE as it came ({@code body} null). An event stream it opens (a
   * call's, or a session's GET) is the transport's to write, as long as it stays open; any other
   * answer is held and sent as {@link #serve} sends one, and a refusal of the transport's own (a
   * session it does not have, a header it misses, params it cannot read) becomes one JSON-RPC error
   * that says what to do, with the transport's status.
   *
   * @return the status sent
   */
  static int serveKept(
      jakarta.servlet.http.HttpServlet transport,
      HttpServletRequest request,
      HttpServletResponse response,
      byte @Nullable [] body,
      @Nullable JsonNode id,
      @Nullable String method,
      JsonMapper mapper)
      throws IOException, jakarta.servlet.ServletException {
    Held held = new Held(response);
    transport.service(new Watched(request, body, held), held);
    if (held.streaming) {
      return held.status;
    }
    byte[] answer = held.bytes();
    int status = held.status;
    if (status < 400 && answer.length == 0) {
      // A notification or a client's answer taken (202), a session ended (200).
      response.setStatus(status);
      return status;
    }
    JsonNode json = parse(mapper, answer);
    if (json != null && json.isObject() && json.has("jsonrpc") && status < 400) {
      write(response, status, bytes(JsonRpcErrors.safe(json)));
      return status;
    }
    LOG.debug(
        "the MCP transport refused a {} with status {}: {}",
        request.getMethod(),
        status,
        LogText.of(new String(answer, StandardCharsets.UTF_8)));
    JsonRpcScreen.Refused refused = keptRefusal(request, status, id, method);
    if (refused == null) {
      LOG.warn(
          "the MCP transport answered a {} with status {} and no JSON-RPC message: {}",
          request.getMethod(),
          status,
          LogText.of(new String(answer, StandardCharsets.UTF_8)));
      int sent =
          id == null ? HttpServletResponse.SC_INTERNAL_SERVER_ERROR : HttpServletResponse.SC_OK;
      write(
          response,
          sent,
          bytes(
              JsonRpcErrors.error(
                  id, JsonRpcErrors.INTERNAL_ERROR, JsonRpcErrors.INTERNAL_MESSAGE)));
      return sent;
    }
    write(response, status, bytes(refused.toJson()));
    return status;
  }

  /**
   * What the transport's refusal with {@code status} means for the client, said as a refusal of
   * ours; null for a status that says only that the transport failed.
   */
  private static JsonRpcScreen.@Nullable Refused keptRefusal(
      HttpServletRequest request, int status, @Nullable JsonNode id, @Nullable String method) {
    boolean hasSession = request.getHeader("Mcp-Session-Id") != null;
    String detail =
        switch (status) {
          case HttpServletResponse.SC_NOT_FOUND ->
              "no session with this Mcp-Session-Id for this token: it ended, was swept after"
                  + " being idle, or was started with another token; send initialize without"
                  + " Mcp-Session-Id to start one";
          case HttpServletResponse.SC_SERVICE_UNAVAILABLE ->
              "the server is shutting down and takes no new requests: retry on another";
          case HttpServletResponse.SC_BAD_REQUEST -> {
            String accept = request.getHeader("Accept");
            if ("GET".equals(request.getMethod())
                && (accept == null || !accept.contains("text/event-stream"))) {
              yield "GET opens a session's event stream: send Accept: text/event-stream";
            }
            if (!hasSession && !"initialize".equals(method)) {
              yield "send the Mcp-Session-Id header that initialize answered with every request"
                  + " after initialize";
            }
            yield null;
          }
          default -> null;
        };
    if (detail != null) {
      return new JsonRpcScreen.Refused(id, JsonRpcScreen.Code.INVALID_REQUEST, detail, false);
    }
    if (status == HttpServletResponse.SC_BAD_REQUEST && method != null) {
      return new JsonRpcScreen.Refused(
          id,
          JsonRpcScreen.Code.INVALID_PARAMS,
          "the params of "
              + JsonRpcErrors.shortened(method)
              + " are not of the types MCP gives them",
          false);
    }
    return null;
  }

  /** Writes one JSON-RPC message with {@code status}. */
  static void write(HttpServletResponse response, int status, byte[] json) throws IOException {
    if (response instanceof Streamed streamed) {
      streamed.stream.answer(json);
      return;
    }
    response.setStatus(status);
    response.setContentType("application/json");
    response.setCharacterEncoding(StandardCharsets.UTF_8.name());
    response.setContentLength(json.length);
    response.getOutputStream().write(json);
  }

  static byte[] bytes(JsonNode json) {
    return json.toString().getBytes(StandardCharsets.UTF_8);
  }

  private static @Nullable JsonNode parse(JsonMapper mapper, byte[] answer) {
    if (answer.length == 0) {
      return null;
    }
    try {
      return mapper.readTree(answer);
    } catch (JacksonException e) {
      return null;
    }
  }

  /**
   * The response of a call that sent notifications: it is an event stream already, and the answer
   * written to it is its last event (status 200 with the JSON-RPC message, error or not, inside).
   */
  private static final class Streamed extends HttpServletResponseWrapper {
    private final SseStream stream;

    Streamed(HttpServletResponse response, SseStream stream) {
      super(response);
      this.stream = stream;
    }
  }

  /** The request with its body read again from memory. */
  private static final class Replayed extends HttpServletRequestWrapper {
    private final byte[] body;

    Replayed(HttpServletRequest request, byte[] body) {
      super(request);
      this.body = body;
    }

    @Override
    public int getContentLength() {
      return body.length;
    }

    @Override
    public long getContentLengthLong() {
      return body.length;
    }

    @Override
    public BufferedReader getReader() {
      return new BufferedReader(
          new InputStreamReader(new ByteArrayInputStream(body), StandardCharsets.UTF_8));
    }

    @Override
    public ServletInputStream getInputStream() {
      ByteArrayInputStream in = new ByteArrayInputStream(body);
      return new ServletInputStream() {
        @Override
        public int read() {
          return in.read();
        }

        @Override
        public int read(byte[] b, int off, int len) {
          return in.read(b, off, len);
        }

        @Override
        public boolean isFinished() {
          return in.available() == 0;
        }

        @Override
        public boolean isReady() {
          return true;
        }

        @Override
        public void setReadListener(ReadListener listener) {
          throw new IllegalStateException("the body is read already: read it blocking");
        }
      };
    }
  }

  /**
   * The request of {@link #serveKept}: its body read again from memory when given, and the
   * transport's {@code startAsync} told to {@code held}, which then passes everything through.
   */
  private static final class Watched extends HttpServletRequestWrapper {
    private final Held held;

    Watched(HttpServletRequest request, byte @Nullable [] body, Held held) {
      super(body == null ? request : new Replayed(request, body));
      this.held = held;
    }

    @Override
    public AsyncContext startAsync() {
      held.stream();
      return super.startAsync();
    }

    @Override
    public AsyncContext startAsync(ServletRequest request, ServletResponse response) {
      held.stream();
      return super.startAsync(request, response);
    }
  }

  /**
   * The response with its status, type and body held back; or, once the transport starts an
   * asynchronous answer (an event stream it writes as long as it stays open), the response itself,
   * with what was held so far given to it. Decided: the transport with sessions sets no type on its
   * streams and takes its writer before it starts the stream, so the writer decides where each
   * write goes when it is made, not when it is taken.
   */
  private static final class Held extends HttpServletResponseWrapper {
    private final ByteArrayOutputStream body = new ByteArrayOutputStream();
    private @Nullable PrintWriter writer;
    private @Nullable Writer held;
    private int status = HttpServletResponse.SC_OK;
    private @Nullable String type;
    private @Nullable String charset;
    private volatile boolean streaming;

    Held(HttpServletResponse response) {
      super(response);
    }

    /** From now on, everything passes through, beginning with what was held. */
    void stream() {
      if (streaming) {
        return;
      }
      streaming = true;
      super.setStatus(status);
      if (type != null) {
        super.setContentType(type);
      }
      if (charset != null) {
        super.setCharacterEncoding(charset);
      }
    }

    byte[] bytes() throws IOException {
      if (writer != null) {
        writer.flush();
      }
      return body.toByteArray();
    }

    @Override
    public void setStatus(int sc) {
      status = sc;
      if (streaming) {
        super.setStatus(sc);
      }
    }

    @Override
    public int getStatus() {
      return status;
    }

    @Override
    public void sendError(int sc) {
      status = sc;
    }

    @Override
    public void sendError(int sc, String msg) {
      status = sc;
    }

    /**
     * Held: the exchange writes the answer's type itself, and a call's notifications may have made
     * it an event stream already, on the stream's own thread; the transport's {@code
     * application/json} set meanwhile went out with the stream's events.
     */
    @Override
    public void setContentType(String type) {
      this.type = type;
      if (streaming) {
        super.setContentType(type);
      }
    }

    @Override
    public void setCharacterEncoding(String charset) {
      this.charset = charset;
      if (streaming) {
        super.setCharacterEncoding(charset);
      }
    }

    @Override
    public void setContentLength(int len) {
      // Decided when the held answer is written.
    }

    @Override
    public void setContentLengthLong(long len) {
      // Decided when the held answer is written.
    }

    @Override
    public boolean isCommitted() {
      return streaming && super.isCommitted();
    }

    @Override
    public void flushBuffer() throws IOException {
      // Nothing held leaves before the transport is done.
      if (streaming) {
        super.flushBuffer();
      }
    }

    @Override
    public PrintWriter getWriter() {
      if (writer == null) {
        held = new OutputStreamWriter(body, StandardCharsets.UTF_8);
        writer =
            new PrintWriter(
                new Writer() {
                  @Override
                  public void write(char[] text, int off, int len) throws IOException {
                    target().write(text, off, len);
                  }

                  @Override
                  public void flush() throws IOException {
                    Writer target = target();
                    target.flush();
                    // The stream's own writer reports a client gone only through checkError.
                    if (target instanceof PrintWriter stream && stream.checkError()) {
                      throw new IOException("the client closed the stream");
                    }
                  }

                  @Override
                  public void close() throws IOException {
                    target().close();
                  }
                });
      }
      return writer;
    }

    /** Where a write of the transport goes as it is made: held, or the stream. */
    private Writer target() throws IOException {
      Writer buffer = held;
      return streaming || buffer == null ? Held.super.getWriter() : buffer;
    }

    @Override
    public ServletOutputStream getOutputStream() throws IOException {
      if (streaming) {
        return super.getOutputStream();
      }
      return new ServletOutputStream() {
        @Override
        public void write(int b) {
          body.write(b);
        }

        @Override
        public void write(byte[] b, int off, int len) {
          body.write(b, off, len);
        }

        @Override
        public boolean isReady() {
          return true;
        }

        @Override
        public void setWriteListener(WriteListener listener) {
          throw new IllegalStateException("the answer is held: write it blocking");
        }
      };
    }
  }
}
