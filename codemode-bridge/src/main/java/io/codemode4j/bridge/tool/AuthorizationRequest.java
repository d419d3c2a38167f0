package io.codemode4j.bridge.tool;

import java.util.Objects;
import tools.jackson.databind.JsonNode;

/**
 * One inner call, as {@link RunToolAuthorization} sees it before the call runs.
 *
 * @param toolName the tool behind the method
 * @param executionClass whether the tool reads or changes state
 * @param arguments the arguments, validated against the tool's parameters; a copy, so a hook that
 *     changes it changes nothing the handler receives
 * @param call the call's identity: method path, call id and its programmatic parent (the outer
 *     {@code run_javascript} call id, the pass and the run), and the principal with its tenant keys
 */
public record AuthorizationRequest(
    String toolName, ExecutionClass executionClass, JsonNode arguments, CallContext call) {
  public AuthorizationRequest {
    Objects.requireNonNull(toolName, "toolName");
    Objects.requireNonNull(executionClass, "executionClass");
    Objects.requireNonNull(arguments, "arguments");
    Objects.requireNonNull(call, "call");
  }

  /** The namespace path the program called, e.g. {@code billing.invoices}. */
  public String method() {
    return call.method();
  }
}
