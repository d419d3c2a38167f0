package io.codemode4j.mcp;

import io.codemode4j.mcp.internal.CallNotifier;
import io.codemode4j.mcp.internal.McpFeatures;
import io.codemode4j.mcp.internal.StdioDrain;
import io.modelcontextprotocol.json.jackson3.JacksonMcpJsonMapper;
import io.modelcontextprotocol.server.McpAsyncServer;
import io.modelcontextprotocol.server.McpAsyncServerExchange;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.transport.StdioServerTransportProvider;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.InputStream;
import java.io.OutputStream;
import java.time.Duration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;
import tools.jackson.databind.json.JsonMapper;

/**
 * One client over stdio, acting as one {@link Grant}: the server an MCP host starts as a
 * subprocess.
 *
 * <p>Decided: on end of input the responses still owed are written first (see {@code StdioDrain}),
 * so {@link #awaitEnd} returns only when the client has everything it asked for. {@code
 * notifications/cancelled} is not handled by the SDK's session server (SDK issue 130): a cancelled
 * program runs on until it ends or reaches its wall-clock limit, and its response is then written
 * and ignored by the client. Every line read is screened ({@code JsonRpcScreen}) and every error
 * written made safe ({@code JsonRpcErrors}); a line is read up to the HTTP server's largest
 * request, {@link HttpOptions#DEFAULT_MAX_REQUEST_BYTES}.
 */
public final class McpStdioServer implements AutoCloseable {

  private static final Logger LOG = LoggerFactory.getLogger("io.codemode4j.mcp");

  /** How long end of input waits for responses still owed, by default. */
  public static final Duration DEFAULT_GRACE = Duration.ofSeconds(60);

  private final StdioDrain drain;
  private final McpAsyncServer server;

  /**
   * One thread sends every reply of ours: the SDK's stdio transport tolerates concurrent sends only
   * by spinning up to 100 ms, and replies completing at once on the handlers' threads under load
   * lost responses ("Failed to enqueue message"), after which the session answered nothing more.
   */
  private final Scheduler replies = Schedulers.newSingle("codemode-mcp-stdio-replies");

  McpStdioServer(
      McpFeatures features,
      Grant grant,
      String version,
      JsonMapper mapper,
      InputStream in,
      OutputStream out) {
    this.drain = new StdioDrain(mapper, DEFAULT_GRACE, HttpOptions.DEFAULT_MAX_REQUEST_BYTES);
    StdioServerTransportProvider transport =
        new StdioServerTransportProvider(
            new JacksonMcpJsonMapper(ElicitationApproval.writable(mapper)),
            drain.input(in),
            drain.output(out));
    this.server =
        SessionServer.build(
            McpServer.async(transport), features, grant, version, this::notifier, replies);
  }

  /**
   * The session's notifications for one call, sent on the replies' thread: queued there before the
   * call's answer, they reach the client before it. Log messages only once the client has set a
   * level, which the SDK then filters by.
   */
  private CallNotifier notifier(McpAsyncServerExchange exchange) {
    return new CallNotifier() {
      @Override
      public void log(McpSchema.LoggingMessageNotification message) {
        if (drain.logLevelSet()) {
          send(exchange.loggingNotification(message));
        }
      }

      @Override
      public void progress(McpSchema.ProgressNotification progress) {
        send(exchange.progressNotification(progress));
      }

      private void send(Mono<Void> notification) {
        notification
            .subscribeOn(replies)
            .subscribe(null, e -> LOG.debug("a notification was not sent: {}", e.getMessage()));
      }
    };
  }

  /**
   * Blocks until the client ends its input and every response owed is written, or {@code timeout}
   * passes; then closes the server.
   *
   * @return whether input ended within {@code timeout}
   */
  public boolean awaitEnd(Duration timeout) throws InterruptedException {
    boolean ended = drain.awaitEnd(timeout);
    if (ended) {
      close();
    }
    return ended;
  }

  @Override
  public void close() {
    server.closeGracefully().block(Duration.ofSeconds(5));
    replies.dispose();
  }
}
