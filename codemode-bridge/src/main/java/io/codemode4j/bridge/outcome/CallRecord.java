package io.codemode4j.bridge.outcome;

import io.codemode4j.bridge.approval.Approval;
import io.codemode4j.bridge.tool.ToolFailure;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * One inner call as the ledger knows it at the end of a pass.
 *
 * @param callId unique within the pass
 * @param method the namespace path the program called, e.g. {@code warehouse.query}
 * @param tool the native tool behind the method
 * @param status what is known of its outcome
 * @param failureKind the {@link ToolFailure.Kind} wire name when the call was rejected or failed;
 *     null otherwise
 * @param invokedAt when the program made the call
 * @param duration from the handler's start to its known end, or to the pass's end when uncertain;
 *     zero when the handler never started
 * @param approval how a person's approval of a {@code needsApproval} call ended, who decided and
 *     when; null when the call needed none or was refused before its turn
 */
public record CallRecord(
    String callId,
    String method,
    String tool,
    CallStatus status,
    @Nullable String failureKind,
    Instant invokedAt,
    Duration duration,
    @Nullable Approval approval) {
  public CallRecord {
    Objects.requireNonNull(callId, "callId");
    Objects.requireNonNull(method, "method");
    Objects.requireNonNull(tool, "tool");
    Objects.requireNonNull(status, "status");
    Objects.requireNonNull(invokedAt, "invokedAt");
    Objects.requireNonNull(duration, "duration");
  }

  /** A call that needed no approval. */
  public CallRecord(
      String callId,
      String method,
      String tool,
      CallStatus status,
      @Nullable String failureKind,
      Instant invokedAt,
      Duration duration) {
    this(callId, method, tool, status, failureKind, invokedAt, duration, null);
  }
}
