package io.codemode4j.mcp.internal;

import io.codemode4j.bridge.event.CallAdmitted;
import io.codemode4j.bridge.event.CallEnded;
import io.codemode4j.bridge.event.CallStarted;
import io.codemode4j.bridge.event.PassEnded;
import io.codemode4j.bridge.event.PassListener;
import io.codemode4j.bridge.event.PassStarted;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Routes the call events of the passes MCP calls asked for to those calls' {@link CallProgress}: a
 * call registers its progress under its call id (the pass's parent call id) before its pass runs,
 * and the pass listener finds it at the pass's start.
 *
 * <p>Decided: one registry in the process, since the listener is registered on the Code Mode before
 * the server exists ({@code McpProgress.listener()}); call ids are random, so servers sharing it
 * never see each other's calls, and a pass no MCP call registered costs one map lookup.
 */
public final class ProgressRoutes {

  private static final Map<String, CallProgress> BY_CALL = new ConcurrentHashMap<>();
  private static final Map<String, CallProgress> BY_PASS = new ConcurrentHashMap<>();

  private ProgressRoutes() {}

  /** Sends the progress of the pass that {@code callId} asks for to {@code progress}. */
  static void register(String callId, CallProgress progress) {
    BY_CALL.put(callId, progress);
  }

  static void unregister(String callId) {
    BY_CALL.remove(callId);
  }

  /** The listener that routes the events; register it on the Code Mode the server serves. */
  public static PassListener listener() {
    return new PassListener() {
      @Override
      public void onPassStarted(PassStarted event) {
        CallProgress progress = BY_CALL.get(event.parentCallId());
        if (progress != null) {
          BY_PASS.put(event.passId(), progress);
        }
      }

      @Override
      public void onCallAdmitted(CallAdmitted event) {
        CallProgress progress = BY_PASS.get(event.passId());
        if (progress != null) {
          progress.admitted(event);
        }
      }

      @Override
      public void onCallStarted(CallStarted event) {
        CallProgress progress = BY_PASS.get(event.passId());
        if (progress != null) {
          progress.started(event);
        }
      }

      @Override
      public void onCallEnded(CallEnded event) {
        CallProgress progress = BY_PASS.get(event.passId());
        if (progress != null) {
          progress.ended(event);
        }
      }

      @Override
      public void onPassEnded(PassEnded event) {
        BY_PASS.remove(event.passId());
      }

      @Override
      public String toString() {
        return "McpProgress";
      }
    };
  }
}
