package io.codemode4j.bridge.tool;

import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * An expected failure of one inner call. The program sees it as a rejected promise carrying the
 * frozen plain object {@code {kind, tool, message}}, which it may {@code catch}; the ledger records
 * the call as {@code failed} (a call the broker refused before its handler ran is {@code failed}
 * too, with zero duration).
 */
public final class ToolFailure extends Exception {

  /** Why the call failed; {@link #wireName()} is what programs see in {@code error.kind}. */
  public enum Kind {
    /** The arguments did not match the parameters schema, or were not JSON. */
    INVALID_ARGUMENTS("invalid_arguments"),
    /** The tool refused the request as out of policy, e.g. SQL that the allowlist refuses. */
    REFUSED("refused"),
    /** The principal may not make this call. */
    UNAUTHORIZED("unauthorized"),
    /**
     * A call that needs a person's approval did not get it: the approver denied it, or the run has
     * no approval channel (the message names the missing approval), or the channel failed.
     */
    DENIED("denied"),
    /** The tool tried and failed. */
    FAILED("failed"),
    /**
     * A call budget (the pass's {@code maxHostCalls} or the run's remaining tool calls) is spent.
     */
    BUDGET("budget"),
    /** Arguments or result exceed {@code maxHostCallBytes}. */
    TOO_LARGE("too_large"),
    /**
     * The tool's own deadline passed, or no approval decision came within {@code maxApprovalWait}.
     */
    TIMEOUT("timeout"),
    /**
     * A mutation whose intent the audit could not record first ({@code MutationAudit}): it did not
     * run.
     */
    UNAUDITED("unaudited");

    private final String wireName;

    Kind(String wireName) {
      this.wireName = wireName;
    }

    public String wireName() {
      return wireName;
    }
  }

  private static final long serialVersionUID = 1L;

  private final Kind kind;

  public ToolFailure(Kind kind, String message) {
    this(kind, message, null);
  }

  /**
   * {@code cause} is null when the failure has none, as for {@link Exception#Exception(String)}.
   */
  public ToolFailure(Kind kind, String message, @Nullable Throwable cause) {
    super(Objects.requireNonNull(message, "message"), cause);
    this.kind = Objects.requireNonNull(kind, "kind");
  }

  public Kind kind() {
    return kind;
  }
}
