package io.codemode4j.mcp.internal;

import io.modelcontextprotocol.spec.McpSchema;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * The notifications of one {@code tools/call} over HTTP: the POST's response becomes an event
 * stream ({@code text/event-stream}) at the first notification, each notification one {@code
 * message} event, and the call's answer the last one. A call that notifies nothing is answered with
 * plain JSON, as before.
 *
 * <p>Decided: the stateless transport stays (no session lives in an instance, so several still run
 * behind a load balancer): MCP's Streamable HTTP lets a server answer any POST with a stream of the
 * request's own notifications ending in its response, which is all progress and log messages need.
 * Events are written by one virtual thread in the order they were queued, so a pass listener never
 * waits for a slow client; the servlet's thread waits for them before it writes the answer, and a
 * client that went away only drops the events still to come.
 */
final class SseStream implements CallNotifier {

  /** How long the answer waits for the events queued before it (a client not reading). */
  private static final long DRAIN_SECONDS = 60;

  private final HttpServletResponse response;
  private final McpSchema.@Nullable LoggingLevel level;
  private final JsonMapper mapper;
  private final ExecutorService writer =
      Executors.newSingleThreadExecutor(Thread.ofVirtual().name("codemode-mcp-sse").factory());

  /** Written by the writer thread only, read after it stopped. */
  private boolean started;

  private boolean broken;

  /**
   * @param level the least severe log message the client asked for; null when it asked for none
   *     ({@code logging/setLevel} not sent), and then no log message is sent
   */
  SseStream(
      HttpServletResponse response, McpSchema.@Nullable LoggingLevel level, JsonMapper mapper) {
    this.response = response;
    this.level = level;
    this.mapper = mapper;
  }

  @Override
  public void log(McpSchema.LoggingMessageNotification message) {
    if (level == null || message.level().level() < level.level()) {
      return;
    }
    ObjectNode params =
        mapper
            .createObjectNode()
            .put("level", message.level().name().toLowerCase(Locale.ROOT))
            .put("logger", message.logger())
            .put("data", message.data());
    queue(McpSchema.METHOD_NOTIFICATION_MESSAGE, params);
  }

  @Override
  public void progress(McpSchema.ProgressNotification progress) {
    ObjectNode params = mapper.createObjectNode();
    params.set("progressToken", mapper.valueToTree(progress.progressToken()));
    params.put("progress", progress.progress());
    if (progress.total() != null) {
      params.put("total", progress.total());
    }
    if (progress.message() != null) {
      params.put("message", progress.message());
    }
    queue(McpSchema.METHOD_NOTIFICATION_PROGRESS, params);
  }

  private void queue(String method, ObjectNode params) {
    ObjectNode json = mapper.createObjectNode().put("jsonrpc", "2.0").put("method", method);
    json.set("params", params);
    byte[] bytes = HttpExchange.bytes(json);
    try {
      writer.execute(() -> event(bytes));
    } catch (RejectedExecutionException e) {
      // The answer is out: a notification after it has no one to reach.
    }
  }

  /**
   * Takes no more notifications and waits for those queued.
   *
   * @return whether the response became a stream, so the answer must be its last event
   */
  boolean close() throws IOException {
    writer.shutdown();
    try {
      if (!writer.awaitTermination(DRAIN_SECONDS, TimeUnit.SECONDS)) {
        writer.shutdownNow();
        throw new IOException(
            "the client read none of the notifications for " + DRAIN_SECONDS + " s");
      }
    } catch (InterruptedException e) {
      writer.shutdownNow();
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while sending notifications", e);
    }
    return started;
  }

  /** Writes the answer as the stream's last event; call after {@link #close()} said it started. */
  void answer(byte[] json) {
    event(json);
  }

  private void event(byte[] json) {
    if (broken) {
      return;
    }
    try {
      if (!started) {
        response.setStatus(HttpServletResponse.SC_OK);
        response.setContentType("text/event-stream");
        response.setCharacterEncoding(StandardCharsets.UTF_8.name());
        response.setHeader("Cache-Control", "no-cache");
        started = true;
      }
      OutputStream out = response.getOutputStream();
      out.write("event: message\ndata: ".getBytes(StandardCharsets.UTF_8));
      out.write(json);
      out.write("\n\n".getBytes(StandardCharsets.UTF_8));
      out.flush();
    } catch (IOException e) {
      broken = true;
    }
  }
}
