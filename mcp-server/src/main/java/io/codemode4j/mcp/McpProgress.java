package io.codemode4j.mcp;

import io.codemode4j.bridge.event.PassListener;
import io.codemode4j.mcp.internal.ProgressRoutes;

/**
 * Progress of {@code run_javascript} calls: a call that carries a progress token gets {@code
 * notifications/progress} as its inner calls start and end (the method's name and how many calls
 * are done, never arguments or results), rate-limited, and a last one when its pass has ended.
 * Register the listener on the Code Mode the server serves: {@code
 * CodeMode.builder().listener(McpProgress.listener())}; without it such a call gets only the last
 * notification.
 */
public final class McpProgress {

  private McpProgress() {}

  public static PassListener listener() {
    return ProgressRoutes.listener();
  }
}
