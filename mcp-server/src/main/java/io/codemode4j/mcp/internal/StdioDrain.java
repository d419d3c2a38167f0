package io.codemode4j.mcp.internal;

import io.codemode4j.bridge.audit.LogText;
import java.io.ByteArrayOutputStream;
import java.io.FilterInputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

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
  private static final Set<String> EARLY = Set.of("initialize", "ping");

  private static final Logger LOG = LoggerFactory.getLogger("io.codemode4j.mcp");

  private final JsonRpcScreen screen;
  private final int maxLineBytes;
  private boolean initialized;

  /** Whether the client asked for log messages ({@code logging/setLevel}). */
  private volatile boolean logLevelSet;

  /**
   * @param maxLineBytes the longest message line read; a longer one is skipped to its end and
   *     answered, never held in memory whole
   */
  public StdioDrain(JsonMapper mapper, Duration grace, int maxLineBytes) {
    this.mapper = mapper;
    this.grace = grace;
    this.maxLineBytes = maxLineBytes;
    this.screen = new JsonRpcScreen(mapper, true);
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

  /**
   * Whether the client has sent {@code logging/setLevel}: until it has, no log message is sent, as
   * over HTTP, so a client that asks for none reads only the answers it asked for.
   */
  public boolean logLevelSet() {
    return logLevelSet;
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

  /** Answers a line the SDK must not see, as JSON-RPC says; a notification gets no answer. */
  private void answer(JsonRpcScreen.Refused refused) throws IOException {
    if (refused.notification()) {
      LOG.warn("dropped a notification the SDK cannot read: {}", LogText.of(refused.message()));
      return;
    }
    send(refused.toJson());
  }

  /** Writes an answer of ours: it answers no request the SDK was given, so it is not counted. */
  private void send(JsonNode message) throws IOException {
    Output out = output;
    if (out != null) {
      out.line(message.toString().getBytes(StandardCharsets.UTF_8));
    }
  }

  /**
   * Passes on one whole message line at a time. A blank line is dropped; every other line goes
   * through {@link JsonRpcScreen}, and one it refuses is answered here (a notification is dropped)
   * and never reaches the SDK: its stdio reader stops reading for good at the first line it cannot
   * bind, which would leave the client talking to a server that no longer listens. A line over
   * {@code maxLineBytes} is skipped to its newline and answered. A request before {@code
   * notifications/initialized}, which the SDK drops silently, is answered -32600 saying so.
   */
  private final class Input extends FilterInputStream {
    private final ByteArrayOutputStream line = new ByteArrayOutputStream();
    private final byte[] chunk = new byte[8192];
    private byte[] ready = new byte[0];
    private int readyAt;
    private boolean eof;

    /** Whether the line being read passed {@code maxLineBytes}: its bytes are not kept. */
    private boolean overlong;

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
            keep(start, i - start);
            take(messages);
            start = i + 1;
          }
        }
        keep(start, n - start);
      }
      ready = messages.toByteArray();
      readyAt = 0;
    }

    /** Adds {@code length} bytes of the chunk to the line, unless it is already too long. */
    private void keep(int start, int length) {
      if (overlong) {
        return;
      }
      if (line.size() + length > maxLineBytes) {
        overlong = true;
        line.reset();
        return;
      }
      line.write(chunk, start, length);
    }

    /** Moves the line read so far to {@code messages} if it is a message. */
    private void take(ByteArrayOutputStream messages) throws IOException {
      if (overlong) {
        overlong = false;
        answer(
            new JsonRpcScreen.Refused(
                null,
                JsonRpcScreen.Code.INVALID_REQUEST,
                "the message is over " + maxLineBytes + " bytes, the most this server reads",
                false));
        return;
      }
      byte[] bytes = line.toByteArray();
      line.reset();
      String text = new String(bytes, StandardCharsets.UTF_8);
      if (text.isBlank()) {
        return;
      }
      JsonRpcScreen.Verdict verdict = screen.screen(text);
      if (verdict instanceof JsonRpcScreen.Refused refused) {
        answer(refused);
        return;
      }
      JsonRpcScreen.Accepted accepted = (JsonRpcScreen.Accepted) verdict;
      String method = accepted.message().path("method").asString("");
      if (method.equals("notifications/initialized")) {
        initialized = true;
      } else if (!initialized
          && accepted.kind() == JsonRpcScreen.Kind.REQUEST
          && !EARLY.contains(method)) {
        // The SDK drops a request before initialization without a word; say why instead.
        answer(
            new JsonRpcScreen.Refused(
                accepted.id(),
                JsonRpcScreen.Code.INVALID_REQUEST,
                method
                    + " before the session is initialized: send initialize, then"
                    + " notifications/initialized",
                false));
        return;
      }
      if (method.equals("logging/setLevel") && accepted.kind() == JsonRpcScreen.Kind.REQUEST) {
        logLevelSet = true;
      }
      count(accepted.message(), true);
      messages.write(accepted.message().toString().getBytes(StandardCharsets.UTF_8));
      messages.write('\n');
    }
  }

  /** One whole line the SDK wrote, read as JSON; null when it is not JSON. */
  private @Nullable JsonNode read(byte[] line) {
    try {
      return mapper.readTree(new String(line, StandardCharsets.UTF_8));
    } catch (JacksonException e) {
      return null;
    }
  }

  /** {@code line} as it goes out: an error in it made safe by {@link JsonRpcErrors#safe}. */
  private static byte[] safe(byte[] line, @Nullable JsonNode json) {
    if (json == null) {
      return line;
    }
    JsonNode safe = JsonRpcErrors.safe(json);
    if (safe == json) {
      return line;
    }
    LOG.warn(
        "answered {} with an internal error in place of: {}",
        safe.get("id"),
        LogText.of(json.toString()));
    return safe.toString().getBytes(StandardCharsets.UTF_8);
  }

  /** Holds each line until it is whole, then writes it made safe, and counts it. */
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
      int start = off;
      for (int i = off; i < off + len; i++) {
        if (b[i] == '\n') {
          line.write(b, start, i - start);
          byte[] whole = line.toByteArray();
          line.reset();
          JsonNode json = read(whole);
          out.write(safe(whole, json));
          out.write('\n');
          out.flush();
          // Counted once written: end of input waits for the count, then the client reads.
          count(json, false);
          start = i + 1;
        }
      }
      line.write(b, start, off + len - start);
    }

    /** Writes one whole line of ours, between the SDK's lines, as it is. */
    synchronized void line(byte[] message) throws IOException {
      out.write(message);
      out.write('\n');
      out.flush();
    }
  }
}
