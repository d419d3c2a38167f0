package io.codemode4j.spring;

import io.codemode4j.bridge.Isolation;

/**
 * Where passes run ({@code codemode.isolation}): Spring binds {@code in-process} and {@code
 * process}.
 */
public enum CodeModeIsolation {
  /** GraalJS contexts in the application's JVM, the bridge's default. */
  IN_PROCESS,
  /** Worker JVMs, one crash or memory bomb away from the application. */
  PROCESS;

  Isolation isolation() {
    return switch (this) {
      case IN_PROCESS -> Isolation.inProcess();
      case PROCESS -> Isolation.process();
    };
  }
}
