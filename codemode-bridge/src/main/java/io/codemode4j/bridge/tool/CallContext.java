package io.codemode4j.bridge.tool;

import io.codemode4j.bridge.Principal;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * What a handler knows about the call it serves.
 *
 * @param runId the agent run the pass belongs to
 * @param passId this execution of a program
 * @param callId this inner call, unique within the pass ({@code <passId>:<n>})
 * @param parentCallId the outer {@code run_javascript} call that made this call programmatically
 * @param method the namespace path the program called, e.g. {@code billing.invoices}
 * @param principal who the run acts for, with its tenant
 * @param idempotencyKey the key of an approved plan's write, the same each time the plan is
 *     applied: a tool that writes stores it and does nothing for a key it has seen; null for a call
 *     a program makes directly
 */
public record CallContext(
    String runId,
    String passId,
    String callId,
    String parentCallId,
    String method,
    Principal principal,
    @Nullable String idempotencyKey) {
  public CallContext {
    Objects.requireNonNull(runId, "runId");
    Objects.requireNonNull(passId, "passId");
    Objects.requireNonNull(callId, "callId");
    Objects.requireNonNull(parentCallId, "parentCallId");
    Objects.requireNonNull(method, "method");
    Objects.requireNonNull(principal, "principal");
  }

  /** A call a program makes directly, with no idempotency key. */
  public CallContext(
      String runId,
      String passId,
      String callId,
      String parentCallId,
      String method,
      Principal principal) {
    this(runId, passId, callId, parentCallId, method, principal, null);
  }
}
