package io.codemode4j.bridge.outcome;

import java.time.Duration;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * What {@code onPassExit} receives after every resource of a pass has closed: names, statuses and
 * timings, never arguments, results, logs or program text.
 *
 * @param failure why the pass failed; null when the program returned a value
 * @param limit the limit a {@link FailureKind#LIMIT} failure hit; null otherwise
 */
public record PassReport(
    String runId,
    String passId,
    @Nullable FailureKind failure,
    @Nullable Limit limit,
    Duration duration,
    List<Call> calls) {

  /** One inner call: its method, native tool, status and how long its handler ran. */
  public record Call(String method, String tool, CallStatus status, Duration duration) {
    public Call {
      Objects.requireNonNull(method, "method");
      Objects.requireNonNull(tool, "tool");
      Objects.requireNonNull(status, "status");
      Objects.requireNonNull(duration, "duration");
    }
  }

  public PassReport {
    Objects.requireNonNull(runId, "runId");
    Objects.requireNonNull(passId, "passId");
    Objects.requireNonNull(duration, "duration");
    if (limit != null && failure != FailureKind.LIMIT) {
      throw new IllegalArgumentException(
          "only a limit failure names a limit, but failure was " + failure + " with " + limit);
    }
    calls = List.copyOf(calls);
  }

  /** Whether the program returned a value. */
  public boolean ok() {
    return failure == null;
  }
}
