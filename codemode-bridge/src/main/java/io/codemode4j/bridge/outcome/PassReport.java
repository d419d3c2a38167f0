package io.codemode4j.bridge.outcome;

import java.time.Duration;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * What {@code onPassExit} receives after every resource of a pass has closed: names, statuses and
 * timings, never arguments, results, logs or program text.
 *
 * @param outcome {@code ok} or the {@link FailureKind} wire name
 * @param limit the limit a {@code limit} failure hit; null otherwise
 */
public record PassReport(
    String runId,
    String passId,
    String outcome,
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
    Objects.requireNonNull(outcome, "outcome");
    Objects.requireNonNull(duration, "duration");
    calls = List.copyOf(calls);
  }
}
