package io.codemode4j.mcp;

import io.codemode4j.bridge.event.PassListener;
import io.codemode4j.mcp.internal.ProgressRoutes;

/**
 * Progress of {@code run_javascript} calls: a call that carries a progress token gets {@code
 * notifications/progress} as its inner calls start and end (the method's name and how many calls
 * are done, never arguments or results), rate-limited, and a last one when its pass has ended. One
 * per server: register its listener on the Code Mode the server serves and give it to the server,
 *
 * <pre>{@code
 * McpProgress progress = new McpProgress();
 * CodeMode codeMode = CodeMode.builder().listener(progress.listener())...build();
 * CodeModeMcp mcp = CodeModeMcp.builder(codeMode).progress(progress).build();
 * }</pre>
 *
 * <p>A server given none, or whose progress listens on no Code Mode, sends such a call only the
 * last notification.
 */
public final class McpProgress {

  private final ProgressRoutes routes = new ProgressRoutes();

  /** The listener to register on the Code Mode the server serves. */
  public PassListener listener() {
    return routes.listener();
  }

  ProgressRoutes routes() {
    return routes;
  }
}
