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

  /**
   * The line as a reader sees it: a {@code console.log} line as it is, any other level prefixed
   * with its name ({@code [warn] careful}).
   *
   * <p>Decided: written here once, for the egress the model reads and for any host that prints
   * logs, so the two never disagree on how a level is shown.
   */
  public String line() {
    return switch (level) {
      case LOG -> message;
      case INFO -> "[info] " + message;
      case WARN -> "[warn] " + message;
      case ERROR -> "[error] " + message;
    };
  }
}
