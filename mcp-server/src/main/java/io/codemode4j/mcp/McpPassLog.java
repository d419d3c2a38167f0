package io.codemode4j.mcp;

import io.codemode4j.bridge.event.PassEnded;
import io.codemode4j.bridge.event.PassListener;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One log line per Code Mode pass on the server's logger ({@code io.codemode4j.mcp}, stderr in
 * {@code codemode mcp}): its pass id beside the {@code callId} of the {@code tools/call} it
 * answered (the pass's parent call id), its outcome and its inner calls, so an operator can follow
 * a call from the client's request to the pass and to the audit log. Register it on the Code Mode
 * the server serves: {@code CodeMode.builder().listener(McpPassLog.listener())}.
 */
public final class McpPassLog {

  private static final Logger LOG = LoggerFactory.getLogger("io.codemode4j.mcp");

  private McpPassLog() {}

  public static PassListener listener() {
    return new PassListener() {
      @Override
      public void onPassEnded(PassEnded event) {
        if (LOG.isInfoEnabled()) {
          LOG.info(
              "pass passId={} callId={} outcome={} calls={} ms={}",
              event.passId(),
              event.parentCallId(),
              event.failure() == null ? "ok" : event.failure().wireName(),
              event.calls().size(),
              event.duration().toMillis());
        }
      }

      @Override
      public String toString() {
        return "McpPassLog";
      }
    };
  }
}
