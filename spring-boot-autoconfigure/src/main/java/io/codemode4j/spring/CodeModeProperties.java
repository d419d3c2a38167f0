package io.codemode4j.spring;

import io.codemode4j.bridge.CodeExecutionLimits;
import io.codemode4j.bridge.CodeMode;
import io.codemode4j.bridge.Principal;
import java.time.Duration;
import java.util.LinkedHashSet;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.util.unit.DataSize;

/**
 * {@code codemode.*}: the limits of one pass (each a {@link CodeExecutionLimits} component, unset
 * ones keep {@link CodeExecutionLimits#defaults()}), the egress cap, isolation, whether the
 * declarations go into {@code run_javascript}'s description, whether {@code discover_tools} is
 * offered, and the principal a tool call acts for when its {@code ToolContext} names none.
 *
 * <p>Decided: every value is checked here, when Spring binds it, and a wrong one is refused naming
 * the property as the application spells it ({@code codemode.max-wall-time}), the value and the
 * range; {@link #limits()} is built in the constructor so a combination the bridge refuses fails at
 * startup too.
 *
 * @param maxWallTime from a pass's start to its end, inner calls included (30s by default)
 * @param maxCpuTime CPU time of the pass's thread (10s)
 * @param maxMemory bytes the pass's thread may allocate, at least 1MB (256MB)
 * @param maxSourceBytes UTF-8 bytes of program text (65536)
 * @param maxStackFrames JavaScript call depth, 50..4000 (1000)
 * @param maxLogBytes UTF-8 bytes the program may log (65536)
 * @param maxResultBytes UTF-8 bytes of the returned value as JSON (65536)
 * @param maxCalls inner calls one pass may make (64)
 * @param maxCallBytes UTF-8 bytes of one inner call's arguments and of its result (1048576)
 * @param maxCallConcurrency inner calls running at once, 1..64 (4)
 * @param maxApprovalWait how long one call of a {@code needsApproval} tool waits for the {@code
 *     ApprovalChannel} bean's decision, below {@code max-wall-time} (20s, or half the wall time
 *     when that is shorter)
 * @param maxEgressBytes bytes of the tool result the model reads (8192)
 * @param isolation {@code in-process} (default) or {@code process}
 * @param includeDeclarations whether {@code run_javascript}'s description holds the TypeScript
 *     declarations (true); without them the model finds methods through {@code discover_tools}
 * @param discovery whether {@code discover_tools} is offered (true)
 * @param principal who a call acts for when its {@code ToolContext} names no principal
 * @param config the warehouse description to serve, a Spring resource location ({@code
 *     classpath:warehouse.yaml}, {@code file:/etc/shop.yaml}); unset serves what {@code
 *     codemode.warehouse.*} names
 */
@ConfigurationProperties("codemode")
public record CodeModeProperties(
    Duration maxWallTime,
    Duration maxCpuTime,
    DataSize maxMemory,
    Integer maxSourceBytes,
    Integer maxStackFrames,
    Integer maxLogBytes,
    Integer maxResultBytes,
    Integer maxCalls,
    Integer maxCallBytes,
    Integer maxCallConcurrency,
    Duration maxApprovalWait,
    Integer maxEgressBytes,
    CodeModeIsolation isolation,
    Boolean includeDeclarations,
    Boolean discovery,
    PrincipalProperties principal,
    @Nullable String config) {

  // Spring binds an unset property as null (a record component cannot have a default of its own):
  // each is replaced by its default here, so every component is set once the record exists.
  @SuppressWarnings("NullAway")
  public CodeModeProperties {
    CodeExecutionLimits d = CodeExecutionLimits.defaults();
    maxWallTime = positive("codemode.max-wall-time", maxWallTime, d.maxWallTime());
    maxCpuTime = positive("codemode.max-cpu-time", maxCpuTime, d.maxCpuTime());
    maxMemory = maxMemory == null ? DataSize.ofBytes(d.maxAllocatedBytes()) : maxMemory;
    if (maxMemory.toBytes() < DataSize.ofMegabytes(1).toBytes()) {
      throw new IllegalArgumentException(
          "codemode.max-memory must be at least 1MB, was "
              + maxMemory
              + ": it is what one pass may allocate (256MB by default)");
    }
    maxSourceBytes = positive("codemode.max-source-bytes", maxSourceBytes, d.maxSourceBytes());
    maxStackFrames =
        range(
            "codemode.max-stack-frames",
            maxStackFrames,
            d.maxStackFrames(),
            CodeExecutionLimits.MIN_STACK_FRAMES,
            CodeExecutionLimits.MAX_STACK_FRAMES);
    maxLogBytes = positive("codemode.max-log-bytes", maxLogBytes, d.maxLogBytes());
    maxResultBytes = positive("codemode.max-result-bytes", maxResultBytes, d.maxResultBytes());
    maxCalls = positive("codemode.max-calls", maxCalls, d.maxHostCalls());
    maxCallBytes = positive("codemode.max-call-bytes", maxCallBytes, d.maxHostCallBytes());
    maxCallConcurrency =
        range(
            "codemode.max-call-concurrency",
            maxCallConcurrency,
            d.maxHostCallConcurrency(),
            1,
            CodeExecutionLimits.MAX_CONCURRENCY);
    Duration approvalWait =
        CodeMode.DEFAULT_MAX_APPROVAL_WAIT.compareTo(maxWallTime) < 0
            ? CodeMode.DEFAULT_MAX_APPROVAL_WAIT
            : maxWallTime.dividedBy(2);
    maxApprovalWait = positive("codemode.max-approval-wait", maxApprovalWait, approvalWait);
    if (maxApprovalWait.compareTo(maxWallTime) >= 0) {
      throw new IllegalArgumentException(
          "codemode.max-approval-wait must be shorter than codemode.max-wall-time, which bounds"
              + " the whole pass with its waits, was "
              + maxApprovalWait
              + " with a wall time of "
              + maxWallTime);
    }
    maxEgressBytes =
        positive("codemode.max-egress-bytes", maxEgressBytes, CodeMode.DEFAULT_MAX_EGRESS_BYTES);
    isolation = isolation == null ? CodeModeIsolation.IN_PROCESS : isolation;
    includeDeclarations = includeDeclarations == null || includeDeclarations;
    discovery = discovery == null || discovery;
    principal = principal == null ? new PrincipalProperties(null, null, false) : principal;
    if (config != null && config.isBlank()) {
      throw new IllegalArgumentException(
          "codemode.config is blank: give a description's location, e.g."
              + " classpath:warehouse.yaml, or leave it unset");
    }
  }

  /** The limits of one pass, the defaults where nothing was set. */
  public CodeExecutionLimits limits() {
    return new CodeExecutionLimits(
        maxSourceBytes,
        maxWallTime,
        maxCpuTime,
        maxMemory.toBytes(),
        maxStackFrames,
        maxLogBytes,
        maxResultBytes,
        maxCalls,
        maxCallBytes,
        maxCallConcurrency);
  }

  /**
   * {@code codemode.principal.*}: the principal {@code id} (default {@code spring}) a call acts for
   * when its {@code ToolContext} names none, and its {@code tenant} keys (the values of the tables'
   * tenant columns, e.g. {@code emea}), or {@code all-tenants=true} to let such a call read every
   * tenant's rows. Decided: on a warehouse keyed by tenant one of the two must be set, so no
   * application serves every tenant's rows by leaving a property out ({@code
   * CodeModeAutoConfiguration} refuses to start otherwise).
   */
  public record PrincipalProperties(String id, List<String> tenant, boolean allTenants) {
    @SuppressWarnings("NullAway")
    public PrincipalProperties {
      id = id == null ? "spring" : id;
      if (id.isBlank()) {
        throw new IllegalArgumentException(
            "codemode.principal.id must not be blank: name who the tool calls act for");
      }
      tenant = tenant == null ? List.of() : List.copyOf(tenant);
      if (!tenant.isEmpty() && allTenants) {
        throw new IllegalArgumentException(
            "codemode.principal.tenant="
                + String.join(",", tenant)
                + " and codemode.principal.all-tenants=true contradict each other: keep the tenant"
                + " to confine the calls, or all-tenants to serve every tenant's rows");
      }
      for (String key : tenant) {
        if (key.isBlank()) {
          throw new IllegalArgumentException(
              "codemode.principal.tenant has a blank key in "
                  + tenant
                  + ": list tenant keys such as emea,apac, or leave it unset for every row");
        }
      }
    }

    /** The principal: confined to {@link #tenant} when it names keys, else unconfined. */
    public Principal toPrincipal() {
      return tenant.isEmpty()
          ? Principal.unconfined(id)
          : Principal.ofTenant(id, new LinkedHashSet<>(tenant));
    }
  }

  private static Duration positive(String property, @Nullable Duration value, Duration fallback) {
    if (value == null) {
      return fallback;
    }
    if (value.isNegative() || value.isZero()) {
      throw new IllegalArgumentException(
          property
              + " must be above zero, was "
              + value
              + " (e.g. 30s; unset keeps "
              + fallback
              + ")");
    }
    return value;
  }

  private static int positive(String property, @Nullable Integer value, int fallback) {
    return range(property, value, fallback, 1, Integer.MAX_VALUE);
  }

  private static int range(
      String property, @Nullable Integer value, int fallback, int min, int max) {
    if (value == null) {
      return fallback;
    }
    if (value < min || value > max) {
      throw new IllegalArgumentException(
          property
              + " must be "
              + (max == Integer.MAX_VALUE ? "at least " + min : min + ".." + max)
              + ", was "
              + value
              + " (unset keeps "
              + fallback
              + ")");
    }
    return value;
  }
}
