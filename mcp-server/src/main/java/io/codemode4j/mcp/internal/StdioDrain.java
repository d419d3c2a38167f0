package io.codemode4j.mcp.internal;

import java.io.ByteArrayOutputStream;
import java.io.FilterInputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * Counts the JSON-RPC requests read from stdin and the responses written to stdout, so that end of
 * input waits for the responses still owed.
 *
 * <p>Decided: the SDK's stdio transport drops a response still in flight when stdin ends (SDK issue
 * 936), and a client that writes its last request and closes stdin (a script, {@code echo ... |
 * codemode mcp}) would lose it. The input stream therefore holds its end of file back until every
 * request read has had its response written (or {@code grace} passed), and only then lets the SDK
 * see it. Counting at the byte level, one newline-delimited message at a time as the stdio
 * transport frames them, needs nothing of the SDK's internals.
 */
public final class StdioDrain {

  private final JsonMapper mapper;
  private final Duration grace;
  private final Object lock = new Object();
  private final CountDownLatch ended = new CountDownLatch(1);
  private long requests;
  private long responses;
  private volatile @Nullable Output output;

  /** Requests the SDK answers before {@code notifications/initialized}. */
  private static final java.util.Set<String> EARLY = java.util.Set.of("initialize", "ping");

  private boolean initialized;

  public StdioDrain(JsonMapper mapper, Duration grace) {
    this.mapper = mapper;
    this.grace = grace;
  }

  public InputStream input(InputStream in) {
    return new Input(in);
  }

  public OutputStream output(OutputStream out) {
    Output wrapped = new Output(out);
    this.output = wrapped;
    return wrapped;
  }

  /**
   * Waits until input ended and the responses owed were written; false when {@code timeout} passed.
   */
  public boolean awaitEnd(Duration timeout) throws InterruptedException {
    return ended.await(timeout.toNanos(), TimeUnit.NANOSECONDS);
  }

  /** Whether input has ended and been passed on. */
  public boolean ended() {
    return ended.getCount() == 0;
  }

  private void endOfInput() {
    long deadline = System.nanoTime() + grace.toNanos();
    synchronized (lock) {
      while (responses < requests) {
        long left = deadline - System.nanoTime();
        if (left <= 0) {
          break;
        }
        try {
          TimeUnit.NANOSECONDS.timedWait(lock, left);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          break;
        }
      }
    }
    ended.countDown();
  }

  /** One message read or written; its kind decides what it counts as. */
  private void count(@Nullable JsonNode json, boolean incoming) {
    if (json == null || !json.isObject() || !json.has("id") || json.get("id").isNull()) {
      return;
    }
    synchronized (lock) {
      if (incoming && json.has("method")) {
        requests++;
      } else if (!incoming && !json.has("method")) {
        responses++;
        lock.notifyAll();
      }
    }
  }

  /**
   * Why {@code json} is not a JSON-RPC 2.0 message the SDK can read, or null when it is one: an
   * object with {@code "jsonrpc": "2.0"} and a method (request or notification) or an id with a
   * result or an error (response). Batches are not part of MCP since 2025-06-18.
   */
  private static @Nullable String invalid(JsonNode json) {
    if (!json.isObject()) {
      return "a message is one JSON object, not "
          + (json.isArray()
              ? "an array"
              : "a " + json.getNodeType().name().toLowerCase(java.util.Locale.ROOT));
    }
    if (!"2.0".equals(json.path("jsonrpc").asString(null))) {
      return "a message needs \"jsonrpc\": \"2.0\"";
    }
    if (json.has("method")) {
      return json.get("method").isString() ? null : "method must be a string";
    }
    if (json.has("id") && (json.has("result") || json.has("error"))) {
      return null;
    }
    return "a message needs a method (request or notification) or an id with a result or error";
  }

  /**
   * Answers a line the SDK must not see, as JSON-RPC says: with its id, or null when it has none.
   */
  private void answer(@Nullable JsonNode id, int code, String message) throws IOException {
    ObjectNode error = JsonNodeFactory.instance.objectNode().put("jsonrpc", "2.0");
    if (id != null && (id.isString() || id.isNumber())) {
      error.set("id", id);
    } else {
      error.putNull("id");
    }
    error.putObject("error").put("code", code).put("message", message);
    byte[] bytes = (error + "\n").getBytes(StandardCharsets.UTF_8);
    Output out = output;
    if (out != null) {
      out.write(bytes, 0, bytes.length);
    }
  }

  /**
   * Passes on one whole message line at a time. A blank line is dropped; a line that is not JSON is
   * answered here with JSON-RPC's parse error (-32700), and one that is JSON but no JSON-RPC
   * message ({@code [1,2]}, {@code {"hello":1}}) with Invalid Request (-32600), and dropped: the
   * SDK's stdio reader stops reading for good at the first line it cannot read as a message, which
   * would leave the client talking to a server that no longer listens. A request before {@code
   * notifications/initialized}, which the SDK drops silently, is answered -32600 saying so.
   */
  private final class Input extends FilterInputStream {
    private final ByteArrayOutputStream line = new ByteArrayOutputStream();
    private final byte[] chunk = new byte[8192];
    private byte[] ready = new byte[0];
    private int readyAt;
    private boolean eof;

    Input(InputStream in) {
      super(in);
    }

    @Override
    public int read() throws IOException {
      byte[] one = new byte[1];
      int n = read(one, 0, 1);
      return n < 0 ? -1 : one[0] & 0xff;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
      while (readyAt == ready.length) {
        if (eof) {
          return -1;
        }
        fill();
      }
      int n = Math.min(len, ready.length - readyAt);
      System.arraycopy(ready, readyAt, b, off, n);
      readyAt += n;
      return n;
    }

    @Override
    public int available() {
      return ready.length - readyAt;
    }

    /** Reads until at least one message is ready, or end of input. */
    private void fill() throws IOException {
      ByteArrayOutputStream messages = new ByteArrayOutputStream();
      while (messages.size() == 0 && !eof) {
        int n = in.read(chunk, 0, chunk.length);
        if (n < 0) {
          eof = true;
          take(messages);
          if (messages.size() == 0) {
            endOfInput();
          }
          break;
        }
        int start = 0;
        for (int i = 0; i < n; i++) {
          if (chunk[i] == '\n') {
            line.write(chunk, start, i - start);
            take(messages);
            start = i + 1;
          }
        }
        line.write(chunk, start, n - start);
      }
      ready = messages.toByteArray();
      readyAt = 0;
    }

    /** Moves the line read so far to {@code messages} if it is a message. */
    private void take(ByteArrayOutputStream messages) throws IOException {
      byte[] bytes = line.toByteArray();
      line.reset();
      String text = new String(bytes, StandardCharsets.UTF_8);
      if (text.isBlank()) {
        return;
      }
      JsonNode json;
      try {
        json = mapper.readTree(text);
      } catch (JacksonException e) {
        answer(null, -32700, "Parse error: the line is not JSON (" + e.getOriginalMessage() + ")");
        return;
      }
      String invalid = invalid(json);
      if (invalid != null) {
        answer(json.isObject() ? json.get("id") : null, -32600, "Invalid Request: " + invalid);
        return;
      }
      String method = json.path("method").asString("");
      if (method.equals("notifications/initialized")) {
        initialized = true;
      } else if (!initialized && json.has("id") && !EARLY.contains(method) && json.has("method")) {
        // The SDK drops a request before initialization without a word; say why instead.
        answer(
            json.get("id"),
            -32600,
            "Invalid Request: "
                + method
                + " before the session is initialized: send initialize, then"
                + " notifications/initialized");
        return;
      }
      count(json, true);
      messages.write(bytes);
      messages.write('\n');
    }
  }

  private void written(byte[] line) {
    try {
      count(mapper.readTree(new String(line, StandardCharsets.UTF_8)), false);
    } catch (JacksonException e) {
      // Not JSON: the SDK wrote something else; it answers no request.
    }
  }

  private final class Output extends FilterOutputStream {
    private final ByteArrayOutputStream line = new ByteArrayOutputStream();

    Output(OutputStream out) {
      super(out);
    }

    @Override
    public void write(int b) throws IOException {
      write(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    public synchronized void write(byte[] b, int off, int len) throws IOException {
      out.write(b, off, len);
      int start = off;
      for (int i = off; i < off + len; i++) {
        if (b[i] == '\n') {
          line.write(b, start, i - start);
          out.flush();
          written(line.toByteArray());
          line.reset();
          start = i + 1;
        }
      }
      line.write(b, start, off + len - start);
    }
  }
}
