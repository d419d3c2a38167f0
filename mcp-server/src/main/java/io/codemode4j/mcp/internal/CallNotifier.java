package io.codemode4j.mcp.internal;

import io.modelcontextprotocol.spec.McpSchema;

/**
 * Where the notifications of one {@code tools/call} go before its answer: the stdio session, or the
 * HTTP response turned into an event stream ({@link SseStream}).
 *
 * <p>Decided: both methods only queue, never block: progress is sent from pass listeners, which run
 * while the pass's ledger holds its lock. Each transport filters log messages by the level its
 * client asked for; a notification queued after the answer is dropped.
 */
public interface CallNotifier {

  /** A notifier that sends nothing: a call whose transport has no way to reach the client. */
  CallNotifier NONE =
      new CallNotifier() {
        @Override
        public void log(McpSchema.LoggingMessageNotification message) {}

        @Override
        public void progress(McpSchema.ProgressNotification progress) {}
      };

  /** Sends {@code message} when the client's level admits it. */
  void log(McpSchema.LoggingMessageNotification message);

  void progress(McpSchema.ProgressNotification progress);
}
