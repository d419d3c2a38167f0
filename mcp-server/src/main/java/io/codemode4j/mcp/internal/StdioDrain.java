package io.codemode4j.mcp.internal;

import java.io.ByteArrayOutputStream;
import java.io.FilterInputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
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

  public StdioDrain(JsonMapper mapper, Duration grace) {
    this.mapper = mapper;
    this.grace = grace;
  }

  public InputStream input(InputStream in) {
    return new Input(in);
  }

  public OutputStream output(OutputStream out) {
    return new Output(out);
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
  private void message(byte[] line, int length, boolean incoming) {
    if (length == 0) {
      return;
    }
    JsonNode json;
    try {
      json = mapper.readTree(new String(line, 0, length, java.nio.charset.StandardCharsets.UTF_8));
    } catch (JacksonException e) {
      return; // not JSON: the SDK answers it with a parse error of its own, which is no response.
    }
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

  private final class Input extends FilterInputStream {
    private final ByteArrayOutputStream line = new ByteArrayOutputStream();
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
      if (eof) {
        return -1;
      }
      int n = super.read(b, off, len);
      if (n < 0) {
        eof = true;
        if (line.size() > 0) {
          message(line.toByteArray(), line.size(), true);
          line.reset();
        }
        endOfInput();
        return -1;
      }
      scan(b, off, n);
      return n;
    }

    private void scan(byte[] b, int off, int n) {
      int start = off;
      for (int i = off; i < off + n; i++) {
        if (b[i] == '\n') {
          line.write(b, start, i - start);
          message(line.toByteArray(), line.size(), true);
          line.reset();
          start = i + 1;
        }
      }
      line.write(b, start, off + n - start);
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
          message(line.toByteArray(), line.size(), false);
          line.reset();
          start = i + 1;
        }
      }
      line.write(b, start, off + len - start);
    }
  }
}
