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
 * <p>Decided: one registry per server, given to the server and registered on its Code Mode as a
 * listener ({@code McpProgress}), not one per process: two servers in one process share nothing,
 * and a registry no one registered on a Code Mode just never routes. A pass no MCP call registered
 * costs one map lookup.
 */
public final class ProgressRoutes {

  private final Map<String, CallProgress> byCall = new ConcurrentHashMap<>();
  private final Map<String, CallProgress> byPass = new ConcurrentHashMap<>();

  /** Sends the progress of the pass that {@code callId} asks for to {@code progress}. */
  void register(String callId, CallProgress progress) {
    byCall.put(callId, progress);
  }

  void unregister(String callId) {
    byCall.remove(callId);
  }

  /** The listener that routes the events; register it on the Code Mode the server serves. */
  public PassListener listener() {
    return new PassListener() {
      @Override
      public void onPassStarted(PassStarted event) {
        CallProgress progress = byCall.get(event.parentCallId());
        if (progress != null) {
          byPass.put(event.passId(), progress);
        }
      }

      @Override
      public void onCallAdmitted(CallAdmitted event) {
        CallProgress progress = byPass.get(event.passId());
        if (progress != null) {
          progress.admitted(event);
        }
      }

      @Override
      public void onCallStarted(CallStarted event) {
        CallProgress progress = byPass.get(event.passId());
        if (progress != null) {
          progress.started(event);
        }
      }

      @Override
      public void onCallEnded(CallEnded event) {
        CallProgress progress = byPass.get(event.passId());
        if (progress != null) {
          progress.ended(event);
        }
      }

      @Override
      public void onPassEnded(PassEnded event) {
        byPass.remove(event.passId());
      }

      @Override
      public String toString() {
        return "McpProgress";
      }
    };
  }
}
