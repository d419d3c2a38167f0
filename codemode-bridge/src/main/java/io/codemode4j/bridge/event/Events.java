package io.codemode4j.bridge.event;

import java.util.Objects;

/** The validation every event record shares. */
final class Events {

  private Events() {}

  static void requireIds(String runId, String passId) {
    Objects.requireNonNull(runId, "runId");
    Objects.requireNonNull(passId, "passId");
  }

  static void requireCall(String callId, String method, String tool) {
    Objects.requireNonNull(callId, "callId");
    Objects.requireNonNull(method, "method");
    Objects.requireNonNull(tool, "tool");
  }
}
