package io.codemode4j.bridge.approval;

import io.codemode4j.bridge.Principal;
import io.codemode4j.bridge.tool.CallContext;
import java.time.Duration;
import java.util.Objects;
import tools.jackson.databind.JsonNode;

/**
 * One call an {@link ApprovalChannel} decides: what would run, for whom, from which program.
 *
 * @param toolName the tool behind the method, e.g. {@code billing_flag_invoice}
 * @param description the tool's description, so an approver reads what the call does
 * @param arguments the arguments, validated against the tool's parameters; a copy, so a channel
 *     that changes it changes nothing the handler receives
 * @param call the call's identity: method path, call id, and the program that made it (the pass,
 *     the outer {@code run_javascript} call and the run), with the principal and its tenant keys
 * @param maxWait how long the channel has to decide ({@code maxApprovalWait}) before the call
 *     rejects with kind {@code timeout}; a channel that asks a person can tell them, and one that
 *     forwards the question can give up as late
 */
public record ApprovalRequest(
    String toolName, String description, JsonNode arguments, CallContext call, Duration maxWait) {
  public ApprovalRequest {
    Objects.requireNonNull(toolName, "toolName");
    Objects.requireNonNull(description, "description");
    Objects.requireNonNull(arguments, "arguments");
    Objects.requireNonNull(call, "call");
    Objects.requireNonNull(maxWait, "maxWait");
  }

  /** The namespace path the program called, e.g. {@code billing.flagInvoice}. */
  public String method() {
    return call.method();
  }

  /** Who the run acts for. */
  public Principal principal() {
    return call.principal();
  }

  /** A copy of the arguments; the request itself never changes. */
  @Override
  public JsonNode arguments() {
    return arguments.deepCopy();
  }
}
