package io.codemode4j.bridge.outcome;

import java.util.Objects;

/** One {@code console.log/info/warn/error} line of a program. */
public record LogEntry(Level level, String message) {

  /** The console method that wrote the line. */
  public enum Level {
    LOG,
    INFO,
    WARN,
    ERROR
  }

  public LogEntry {
    Objects.requireNonNull(level, "level");
    Objects.requireNonNull(message, "message");
  }
}
