package io.codemode4j.bridge;

import io.codemode4j.bridge.approval.ApprovalChannel;
import io.codemode4j.bridge.event.PassListener;
import io.codemode4j.bridge.internal.broker.PlanSigner;
import io.codemode4j.bridge.internal.engine.SandboxGlobals;
import io.codemode4j.bridge.schema.Identifiers;
import io.codemode4j.bridge.tool.ExecutionClass;
import io.codemode4j.bridge.tool.RunToolAuthorization;
import io.codemode4j.bridge.tool.Tool;
import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * What {@link CodeMode.Builder#build} hands a Code Mode: every setting, validated as a whole.
 * Decided: a setter checks what it can alone (a range, a key's length, a method declared twice) at
 * the call that sets it, and the builder holds the defaults; the checks that read the whole
 * configuration (a name, the egress budget, an approval wait against the wall time) run here, in
 * the compact constructor, so that no Code Mode exists with a configuration that fails them.
 *
 * @param methods namespace to method name to tool, in declaration order
 * @param redactEgress null when the host redacts nothing
 * @param authorization null when every call the run may make is authorized
 * @param approval null when only runs that bring a channel can approve
 * @param maxApprovalWait null when the host set none: {@link #approvalWait} fits the default in the
 *     wall time
 */
record CodeModeConfig(
    String toolName,
    String description,
    Map<String, Map<String, Tool>> methods,
    Isolation isolation,
    int readyContexts,
    CodeExecutionLimits limits,
    int maxEgressBytes,
    @Nullable EgressRedactor redactEgress,
    List<PassListener> listeners,
    boolean includeDeclarations,
    boolean describePerRun,
    Function<RunContext, Visibility> hostPolicy,
    @Nullable RunToolAuthorization authorization,
    Duration authorizationTimeout,
    @Nullable ApprovalChannel approval,
    @Nullable Duration maxApprovalWait,
    PlanSigner planSigner,
    Duration planTtl) {

  /** Fails closed as {@link CodeMode.Builder#build} says; copies the methods and listeners. */
  CodeModeConfig {
    if (!Identifiers.isToolName(toolName)) {
      throw new IllegalArgumentException(
          "tool name '"
              + toolName
              + "' must be letters, digits and underscores, not starting with a digit, at most "
              + Identifiers.MAX_LENGTH
              + " characters");
    }
    if (methods.isEmpty()) {
      throw new IllegalArgumentException(
          "Code Mode needs at least one method, e.g. method(\"warehouse\", \"query\", tool)");
    }
    if (maxEgressBytes < EgressShaper.MIN_EGRESS_BYTES) {
      throw new IllegalArgumentException(
          "maxEgressBytes must be at least "
              + EgressShaper.MIN_EGRESS_BYTES
              + ", was "
              + maxEgressBytes);
    }
    Map<String, Map<String, Tool>> copy = new LinkedHashMap<>();
    methods.forEach(
        (namespace, namespaceMethods) -> {
          requireNamespace(namespace);
          namespaceMethods.forEach(
              (method, tool) -> {
                requireName("method", method);
                requireApprovalFits(namespace, method, tool, maxApprovalWait, limits);
              });
          copy.put(namespace, Collections.unmodifiableMap(new LinkedHashMap<>(namespaceMethods)));
        });
    methods = Collections.unmodifiableMap(copy);
    listeners = List.copyOf(listeners);
  }

  /**
   * The wait a call's approval gets: the one the host set, else {@link
   * CodeMode#DEFAULT_MAX_APPROVAL_WAIT} fitted in the wall time. Decided: an unset wait follows a
   * shorter {@code maxWallTime} (a {@code --timeout 3s}) instead of refusing the toolkit, as the
   * Spring properties' default does.
   */
  Duration approvalWait() {
    if (maxApprovalWait != null) {
      return maxApprovalWait;
    }
    Duration half = limits.maxWallTime().dividedBy(2);
    return CodeMode.DEFAULT_MAX_APPROVAL_WAIT.compareTo(half) < 0
        ? CodeMode.DEFAULT_MAX_APPROVAL_WAIT
        : half;
  }

  private static void requireNamespace(String namespace) {
    requireName("namespace", namespace);
    if (SandboxGlobals.NAMES.contains(namespace)) {
      throw new IllegalArgumentException(
          "namespace '"
              + namespace
              + "' would shadow the JavaScript global of that name; choose another namespace");
    }
  }

  private static void requireName(String what, String name) {
    if (!Identifiers.isName(name)) {
      throw new IllegalArgumentException(
          what
              + " name '"
              + name
              + "' must be a JavaScript identifier that is not a reserved word or built-in global");
    }
  }

  /**
   * A {@code needsApproval} tool's calls wait up to a {@code maxApprovalWait} the host set inside a
   * pass of at most {@code maxWallTime}: the wait must be the shorter, or no call could be approved
   * in time.
   */
  private static void requireApprovalFits(
      String namespace,
      String method,
      Tool tool,
      @Nullable Duration maxApprovalWait,
      CodeExecutionLimits limits) {
    if (tool.spec().executionClass() == ExecutionClass.NEEDS_APPROVAL
        && maxApprovalWait != null
        && maxApprovalWait.compareTo(limits.maxWallTime()) >= 0) {
      throw new IllegalArgumentException(
          "tool '"
              + tool.name()
              + "' ("
              + namespace
              + "."
              + method
              + ") declares needsApproval, and its calls wait up to maxApprovalWait ("
              + Durations.format(maxApprovalWait)
              + ") inside a pass of at most maxWallTime ("
              + Durations.format(limits.maxWallTime())
              + "): raise maxWallTime above maxApprovalWait, or lower"
              + " maxApprovalWait");
    }
  }
}
