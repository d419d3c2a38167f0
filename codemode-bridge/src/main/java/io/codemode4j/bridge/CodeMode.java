package io.codemode4j.bridge;

import io.codemode4j.bridge.approval.ApprovalChannel;
import io.codemode4j.bridge.approval.ApprovalDecision;
import io.codemode4j.bridge.discovery.ToolDiscovery;
import io.codemode4j.bridge.event.MutationAudit;
import io.codemode4j.bridge.event.PassEnded;
import io.codemode4j.bridge.event.PassListener;
import io.codemode4j.bridge.internal.broker.Approver;
import io.codemode4j.bridge.internal.broker.Authorizer;
import io.codemode4j.bridge.internal.broker.Broker;
import io.codemode4j.bridge.internal.broker.GuardedListeners;
import io.codemode4j.bridge.internal.broker.PlanRecorder;
import io.codemode4j.bridge.internal.broker.PlanSigner;
import io.codemode4j.bridge.internal.engine.GraalExecutor;
import io.codemode4j.bridge.outcome.PassFailure;
import io.codemode4j.bridge.outcome.PassOutcome;
import io.codemode4j.bridge.outcome.PassReport;
import io.codemode4j.bridge.plan.Plan;
import io.codemode4j.bridge.plan.PlanApplication;
import io.codemode4j.bridge.plan.Planning;
import io.codemode4j.bridge.schema.CodeModeDescriptionException;
import io.codemode4j.bridge.schema.DescribeOptions;
import io.codemode4j.bridge.schema.Identifiers;
import io.codemode4j.bridge.tool.ExecutionClass;
import io.codemode4j.bridge.tool.RunToolAuthorization;
import io.codemode4j.bridge.tool.Tool;
import io.codemode4j.bridge.tool.ToolSpec;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.UUID;
import java.util.function.Consumer;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Code Mode: one outer tool ({@code run_javascript} by default) that runs a small JavaScript
 * program which may call only the methods fixed here, through frozen namespace globals ({@code
 * await warehouse.query({sql})}), and returns one JSON value.
 *
 * <p>Built once; thread-safe; {@link #run} may be called from many threads at once, each pass in a
 * fresh sandbox context on the shared engine. Close it to release the engine and its threads.
 */
public final class CodeMode implements AutoCloseable {

  public static final String DEFAULT_TOOL_NAME = "run_javascript";
  public static final int DEFAULT_MAX_EGRESS_BYTES = 8 * 1024;

  /**
   * How long an authorization hook may take for one call, by default, before the call is denied.
   */
  public static final Duration DEFAULT_AUTHORIZATION_TIMEOUT = Duration.ofSeconds(5);

  /**
   * How long one call of a {@code needsApproval} tool waits for a person's decision, by default:
   * under the default {@code maxWallTime} of 30 s, which bounds the whole pass, waits included.
   */
  public static final Duration DEFAULT_MAX_APPROVAL_WAIT = Duration.ofSeconds(20);

  /** How long a plan may wait for its approval, by default. */
  public static final Duration DEFAULT_PLAN_TTL = Duration.ofMinutes(15);

  private final OuterToolContract contract;
  private final ToolSpec tool;
  private final OuterTool outerTool;
  private final Allowlist allowlist;
  private final boolean includeDeclarations;
  private final boolean describePerRun;
  private final Function<RunContext, Visibility> hostPolicy;
  private final CodeExecutionLimits limits;
  private final Duration approvalWait;
  private final Isolation isolation;
  private final boolean redactsEgress;
  private final Plans plans;
  private final PassRunner runner;

  /**
   * Wires one broker, shared by the passes and the plans, to the allowlist's methods, the
   * listeners, the authorization hook and the approval channel; starts the executor last, so that a
   * configuration that fails leaves no engine or worker behind.
   */
  private CodeMode(CodeModeConfig config) {
    this.limits = config.limits();
    this.allowlist = new Allowlist(config.methods());
    this.includeDeclarations = config.includeDeclarations();
    this.describePerRun = config.describePerRun();
    this.hostPolicy = config.hostPolicy();
    this.approvalWait = config.approvalWait();
    this.isolation = config.isolation();
    this.redactsEgress = config.redactEgress() != null;
    GuardedListeners listeners = GuardedListeners.of(config.listeners());
    Broker broker =
        new Broker(
            allowlist.bindings(),
            listeners,
            config.authorization() == null
                ? null
                : new Authorizer(config.authorization(), config.authorizationTimeout()),
            new Approver(config.approval(), approvalWait),
            config.listeners().stream()
                .filter(MutationAudit.class::isInstance)
                .map(MutationAudit.class::cast)
                .toList());
    this.contract =
        new OuterToolContract(
            config.toolName(),
            config.description(),
            includeDeclarations ? allowlist.declarations() : null,
            limits);
    this.tool = contract.spec();
    this.outerTool = new OuterTool(tool, this::call);
    this.plans =
        new Plans(config.planSigner(), config.planTtl(), broker, listeners, limits, tool.name());
    this.runner = new PassRunner(config, allowlist, broker, listeners, tool.name());
  }

  public static Builder builder() {
    return new Builder();
  }

  /**
   * The outer tool's spec: its name, a description that includes the TypeScript declarations of
   * every allowlisted method (unless built with {@code includeDeclarations(false)}), the input
   * schema {@code {code: string}}, and the egress object as its result. Its execution class is
   * {@link ExecutionClass#MUTATION}: the outer call's outcome is uncertain unless its ledger proves
   * otherwise, and it is never retried automatically.
   */
  public ToolSpec tool() {
    return tool;
  }

  /**
   * The outer tool's spec as {@code run} should be given it: with declarations, its description
   * declares exactly the methods the run may see (see {@link #visibleMethods}), so a principal
   * whose grants hide some reads nothing of them; without, or when the run sees every method, it is
   * {@link #tool()}. Name, schemas and execution class are always {@link #tool()}'s.
   *
   * @throws IllegalStateException when the run may not see every method, the description declares
   *     them and the Code Mode was not built with {@code describePerRun(true)}, as {@link #run}
   */
  public ToolSpec tool(RunContext run) {
    Objects.requireNonNull(run, "run");
    List<Allowlist.Method> visible = visible(run);
    if (!includeDeclarations || visible.size() == allowlist.methods().size()) {
      return tool;
    }
    return contract.specDeclaring(Allowlist.declarations(visible));
  }

  /**
   * The outer tool as a spec and its handler, {@link #call}: what an MCP server or a LangChain4j
   * adapter registers for the model (see {@link OuterTool}).
   */
  public OuterTool outerTool() {
    return outerTool;
  }

  /**
   * Answers one call of the outer tool: {@code arguments} as {@link #tool()} declares them ({@code
   * {"code": "async () => ..."}}), run as {@link #run}, the result the pass's egress object. A pass
   * that failed is a {@link OuterToolResult.Failure} of kind {@link
   * OuterToolResult.ErrorKind#PASS_FAILED} with that egress; arguments outside the input schema (or
   * none) are one of kind {@link OuterToolResult.ErrorKind#INVALID_ARGUMENTS} shaped like an egress
   * object ({@code ok: false}, no calls, {@code error: {kind: "invalid_arguments", message}}), and
   * run no pass.
   *
   * @throws IllegalStateException as {@link #run} does, for a host that declares every method to a
   *     run that may not see them all
   */
  public OuterToolResult call(@Nullable JsonNode arguments, RunContext run) {
    Objects.requireNonNull(run, "run");
    OuterToolResult.Failure refusal = contract.refusal(arguments);
    if (refusal != null) {
      return refusal;
    }
    // The contract refuses missing arguments, so these hold a string code.
    PassOutcome outcome = run(Objects.requireNonNull(arguments).get("code").asString(), run);
    ObjectNode json = outcome.egress().json();
    return outcome.ok()
        ? new OuterToolResult.Success(json)
        : new OuterToolResult.Failure(OuterToolResult.ErrorKind.PASS_FAILED, json);
  }

  /**
   * The complete TypeScript declarations of the allowlist, for the host; also when the outer tool's
   * description leaves them out.
   */
  public String declarations() {
    return allowlist.declarations();
  }

  /**
   * The TypeScript declarations of {@code paths}, exact method paths of the allowlist such as
   * {@code billing.invoices}, grouped by namespace in declaration order. A host API over the fixed
   * allowlist: no run's visibility applies.
   *
   * @throws CodeModeDescriptionException for no paths or more than {@value
   *     DescribeOptions#MAX_PATHS}, a path that is not {@code namespace.method}, a duplicate, a
   *     path the allowlist does not hold (each naming the path), or declarations over {@link
   *     DescribeOptions#maxBytes()} (naming their size)
   */
  public String describe(List<String> paths, DescribeOptions options) {
    Objects.requireNonNull(paths, "paths");
    Objects.requireNonNull(options, "options");
    return allowlist.describe(paths, options);
  }

  public CodeExecutionLimits limits() {
    return limits;
  }

  /**
   * The longest a call waits for its approval ({@code maxApprovalWait}, as set or fitted in the
   * wall time): a host asking a person to approve a whole plan waits no longer.
   */
  public Duration maxApprovalWait() {
    return approvalWait;
  }

  /** The allowlisted method paths ({@code warehouse.query}), in declaration order. */
  public List<String> methods() {
    return allowlist.methods().stream().map(Allowlist.Method::path).toList();
  }

  /**
   * Where programs run: a server admits at most {@link Isolation.Process#workers()} passes at once
   * under process isolation, so that no pass queues behind another principal's for a worker.
   */
  public Isolation isolation() {
    return isolation;
  }

  /**
   * Whether the host redacts what the model sees ({@code redactEgress}): a front end that would
   * hand a pass's full result to anyone by another way than the egress (an MCP server's result
   * links, charts) must not, since only the egress is redacted.
   */
  public boolean redactsEgress() {
    return redactsEgress;
  }

  /** The outer tool's name, which discovery's matches name as their owner. */
  public String toolName() {
    return tool.name();
  }

  /**
   * Every allowlisted method with its tool's spec and declaration, in declaration order: with
   * {@link #visibleMethods}, the public view that {@link ToolDiscovery} indexes and searches.
   */
  public List<AllowlistedMethod> allowlistedMethods() {
    return allowlist.methods().stream().map(Allowlist.Method::view).toList();
  }

  /**
   * The methods {@code run} may see: allowed by its grants and by the host's policy, in declaration
   * order. The same set that {@link #run} installs in the sandbox and lets the broker call.
   *
   * @throws IllegalStateException when one is hidden while the outer tool's description declares
   *     them all
   */
  public List<AllowlistedMethod> visibleMethods(RunContext run) {
    Objects.requireNonNull(run, "run");
    return visible(run).stream().map(Allowlist.Method::view).toList();
  }

  private List<Allowlist.Method> visible(RunContext run) {
    Visibility visibility = run.grants().and(hostPolicy.apply(run));
    List<Allowlist.Method> visible = allowlist.visible(visibility);
    if (includeDeclarations && !describePerRun && visible.size() < allowlist.methods().size()) {
      List<String> hidden =
          allowlist.methods().stream()
              .map(Allowlist.Method::path)
              .filter(path -> !visibility.allows(path))
              .toList();
      throw new IllegalStateException(
          "run "
              + run.runId()
              + " may not see "
              + String.join(", ", hidden)
              + ", but the description of "
              + tool.name()
              + " declares every method: build it with "
              + "describePerRun(true) and give each run tool(run), or with includeDeclarations(false) "
              + "and give the model ToolDiscovery's tool to find the visible ones");
    }
    return visible;
  }

  /**
   * Runs one pass of {@code code}. Never throws for anything the program does: every failure is a
   * {@link PassFailure} with its ledger. A caller's interruption ends the pass as {@code
   * interrupted} and leaves the thread's interrupt flag set. The sandbox holds only the methods the
   * run may see (see {@link Visibility}); a namespace with none of them does not exist there.
   *
   * @throws IllegalStateException before the pass starts, when the run may not see a method
   *     although the outer tool's description declares every method ({@code includeDeclarations} is
   *     true)
   */
  public PassOutcome run(String code, RunContext run) {
    Objects.requireNonNull(run, "run");
    return runner.run(code, run, visible(run), null);
  }

  /**
   * Plans {@code code}: runs it as {@link #run} does, except that each call of a {@code
   * needsApproval} tool is validated and authorized but not run nor charged: it is recorded in the
   * plan (ledger status {@code planned}) and the program receives {@code {planned: true, step,
   * idempotencyKey}}. Reads run, and the plan shows what each returned. The plan is signed with the
   * host's plan key and expires after {@code planTtl}; a person approves it, and {@link #apply}
   * runs its writes.
   *
   * @throws IllegalStateException as {@link #run}
   */
  public Planning plan(String code, RunContext run) {
    Objects.requireNonNull(run, "run");
    String planId = "plan-" + UUID.randomUUID();
    PlanRecorder recorder = new PlanRecorder(planId);
    PassOutcome pass = runner.run(code, run, visible(run), recorder);
    Plan plan = plans.sign(planId, run, recorder);
    return new Planning(pass, plan);
  }

  /**
   * Applies an approved plan: checks that it is exactly the plan this Code Mode's key signed, that
   * it has not expired and that {@code run} acts for its principal, then runs its writes on this
   * thread, once each, in order, with their idempotency keys, each recorded as approved by {@code
   * approval}'s decider. The first write that does not succeed stops the rest ({@link
   * PlanApplication.Stopped}, which a later apply may retry: the keys keep the written ones from
   * being written twice). A plan applied (or being applied) here before is {@link
   * PlanApplication.AlreadyApplied}: nothing runs again, however many applies race.
   */
  public PlanApplication apply(Plan plan, ApprovalDecision.Approved approval, RunContext run) {
    Objects.requireNonNull(plan, "plan");
    Objects.requireNonNull(approval, "approval");
    Objects.requireNonNull(run, "run");
    return plans.apply(plan, approval, run, this::visibleRun);
  }

  /**
   * Why {@link #apply} would refuse {@code plan} for {@code run}: it is not exactly the plan this
   * Code Mode's key signed, it has expired, or {@code run} acts for another principal; null when
   * none of these holds. Decided: a host checks this before it asks a person, so that no one is
   * asked to approve a plan that cannot run; {@link #apply} checks again, since the plan may expire
   * while the person reads it.
   */
  public PlanApplication.@Nullable Refused refusal(Plan plan, RunContext run) {
    Objects.requireNonNull(plan, "plan");
    Objects.requireNonNull(run, "run");
    return plans.refusal(plan, run);
  }

  /** {@code run}, its grants narrowed to the methods it may see (see {@link #visible}). */
  private RunContext visibleRun(RunContext run) {
    return allowlist.narrow(run, visible(run));
  }

  /**
   * Runs {@code passes} trivial passes so the shared engine has initialised the language and
   * compiled its hot paths; the first pass of a fresh engine costs about a second in this
   * interpreter-only runtime, later ones a millisecond. Warm-up passes have no wall-clock limit
   * below 60 s and are not reported to listeners.
   */
  public void warmUp(int passes) {
    if (passes < 0) {
      throw new IllegalArgumentException("passes must not be negative, was " + passes);
    }
    runner.warmUp(passes);
  }

  @Override
  public void close() {
    runner.close();
  }

  /** Collects the configuration; {@link #build()} validates all of it and fails closed. */
  public static final class Builder {
    // Decided: the builder keeps the defaults and what each setter checks alone (a range, a key's
    // length, a method declared twice); the checks that read several settings are CodeModeConfig's,
    // whose compact constructor build() calls. The setters and their Javadoc stay here, where a
    // host finds them as CodeMode.Builder.
    private String toolName = DEFAULT_TOOL_NAME;
    private String description =
        "Run a JavaScript program that calls the host's methods and returns one JSON value.";
    private final Map<String, Map<String, Tool>> methods = new LinkedHashMap<>();
    private Isolation isolation = Isolation.inProcess();
    private int readyContexts = GraalExecutor.READY_CONTEXTS;
    private CodeExecutionLimits limits = CodeExecutionLimits.defaults();
    private int maxEgressBytes = DEFAULT_MAX_EGRESS_BYTES;

    /** Null until the host sets one: then nothing is redacted. */
    private @Nullable EgressRedactor redactEgress;

    private final List<PassListener> listeners = new ArrayList<>();
    private boolean includeDeclarations = true;
    private boolean describePerRun;
    private Function<RunContext, Visibility> hostPolicy = run -> Visibility.all();

    /** Null until the host sets one: then every call the run may make is authorized. */
    private @Nullable RunToolAuthorization authorization;

    private Duration authorizationTimeout = DEFAULT_AUTHORIZATION_TIMEOUT;

    /** Null until the host sets one: then only runs that bring a channel can approve. */
    private @Nullable ApprovalChannel approval;

    /** Null until the host sets one: then the wait is the default fitted in the wall time. */
    private @Nullable Duration maxApprovalWait;

    /** A random key until the host sets one: plans then apply only on this Code Mode. */
    private byte[] planKey = randomKey();

    private Duration planTtl = DEFAULT_PLAN_TTL;

    private Builder() {}

    private static byte[] randomKey() {
      byte[] key = new byte[PlanSigner.MIN_KEY_BYTES];
      new SecureRandom().nextBytes(key);
      return key;
    }

    /**
     * The key that signs plans ({@link CodeMode#plan}) and checks them when they are applied, at
     * least 32 bytes: give every host that may apply a plan the same key (from a secret store). By
     * default a random key, so a plan applies only on the Code Mode that planned it.
     */
    public Builder planKey(byte[] key) {
      Objects.requireNonNull(key, "planKey");
      if (key.length < PlanSigner.MIN_KEY_BYTES) {
        throw new IllegalArgumentException(
            "planKey must have at least " + PlanSigner.MIN_KEY_BYTES + " bytes, had " + key.length);
      }
      this.planKey = key.clone();
      return this;
    }

    /**
     * How long a plan may wait for its approval before {@link CodeMode#apply} refuses it as
     * expired; {@link CodeMode#DEFAULT_PLAN_TTL} by default, above zero and at most a day.
     */
    public Builder planTtl(Duration ttl) {
      this.planTtl = Durations.positiveAtMost("planTtl", ttl, Duration.ofDays(1));
      return this;
    }

    /**
     * Who approves each call of a {@code needsApproval} tool for runs that bring no channel of
     * their own ({@link RunContext#withApproval}); none by default, and then every such call
     * rejects with kind {@code denied} naming the missing approval. The channel is asked after the
     * call's arguments are validated and the authorization hook allowed it, before the call is
     * charged to the run's budget or its handler runs.
     */
    public Builder approval(ApprovalChannel channel) {
      this.approval = Objects.requireNonNull(channel, "approval");
      return this;
    }

    /**
     * How long one call waits for its approval decision before it rejects with kind {@code timeout}
     * naming {@code maxApprovalWait}; above zero and at most an hour. The wait costs the pass no
     * CPU time, but the pass's {@code maxWallTime} bounds the whole pass, waits included, so {@link
     * #build} requires a wait set here to be shorter than {@code maxWallTime} when a method needs
     * approval. Unset, it is {@link CodeMode#DEFAULT_MAX_APPROVAL_WAIT}, or half of {@code
     * maxWallTime} when that is shorter.
     */
    public Builder maxApprovalWait(Duration wait) {
      this.maxApprovalWait = Durations.positiveAtMost("maxApprovalWait", wait, Duration.ofHours(1));
      return this;
    }

    /**
     * Decides every inner call before it runs (see {@link RunToolAuthorization}): after its
     * arguments are validated, before it is charged to the run's budget or its handler runs. None
     * by default.
     */
    public Builder authorization(RunToolAuthorization hook) {
      this.authorization = Objects.requireNonNull(hook, "authorization");
      return this;
    }

    /**
     * How long the authorization hook may take for one call before the call is denied, above zero
     * and at most a minute; {@link CodeMode#DEFAULT_AUTHORIZATION_TIMEOUT} by default.
     */
    public Builder authorizationTimeout(Duration timeout) {
      this.authorizationTimeout =
          Durations.positiveAtMost("authorizationTimeout", timeout, Duration.ofMinutes(1));
      return this;
    }

    /**
     * The outer tool's name, {@value CodeMode#DEFAULT_TOOL_NAME} by default ({@link
     * Identifiers#isToolName}).
     */
    public Builder toolName(String name) {
      this.toolName = Objects.requireNonNull(name, "toolName");
      return this;
    }

    public Builder description(String text) {
      this.description = Objects.requireNonNull(text, "description");
      return this;
    }

    /**
     * Exposes {@code tool} as {@code namespace.method}; one tool may appear under several paths.
     * Both names follow {@link Identifiers#isName}, checked by {@link #build}.
     */
    public Builder method(String namespace, String method, Tool tool) {
      Objects.requireNonNull(tool, "tool");
      Map<String, Tool> namespaceMethods =
          methods.computeIfAbsent(namespace, n -> new LinkedHashMap<>());
      if (namespaceMethods.putIfAbsent(method, tool) != null) {
        throw new IllegalArgumentException(
            "method " + namespace + "." + method + " is declared twice");
      }
      return this;
    }

    /** Exposes every tool of {@code tools} under {@code namespace}, methods in name order. */
    public Builder namespace(String namespace, Map<String, Tool> tools) {
      new TreeMap<>(tools).forEach((method, tool) -> method(namespace, method, tool));
      return this;
    }

    /**
     * Where passes run (default {@link Isolation#inProcess()}): in this JVM, or in a pool of worker
     * JVMs with a hard heap cap ({@link Isolation#process()}).
     */
    public Builder isolation(Isolation value) {
      this.isolation = Objects.requireNonNull(value, "isolation");
      return this;
    }

    public Builder limits(CodeExecutionLimits value) {
      this.limits = Objects.requireNonNull(value, "limits");
      return this;
    }

    /**
     * What the model may see of one pass, in UTF-8 bytes of the egress object (default 8 KiB, at
     * least 256).
     */
    public Builder maxEgressBytes(int bytes) {
      this.maxEgressBytes = bytes;
      return this;
    }

    public Builder redactEgress(EgressRedactor redactor) {
      this.redactEgress = Objects.requireNonNull(redactor, "redactEgress");
      return this;
    }

    /**
     * Whether the outer tool's description lists every method with its TypeScript declaration
     * (default true). With false it lists none, and the model finds them with {@link
     * ToolDiscovery}; this is required when a run's grants or the host's policy hide a method,
     * since the full description would name it.
     */
    public Builder includeDeclarations(boolean include) {
      this.includeDeclarations = include;
      return this;
    }

    /**
     * Whether the host gives each run the outer tool's spec from {@link CodeMode#tool(RunContext)}
     * (declaring only what that run may see) rather than one {@link CodeMode#tool()} for all (false
     * by default). Only then may a run see fewer methods than the allowlist holds while the
     * description declares methods: without it such a run is refused, so that no model is told of a
     * method it cannot call.
     */
    public Builder describePerRun(boolean perRun) {
      this.describePerRun = perRun;
      return this;
    }

    /**
     * The host's policy: which methods each run may see, e.g. by its principal. Applied, together
     * with the run's own grants, at the start of every pass and every discovery; default: every
     * method.
     */
    public Builder visibility(Function<RunContext, Visibility> policy) {
      this.hostPolicy = Objects.requireNonNull(policy, "visibility");
      return this;
    }

    /**
     * In-process passes: how many fresh contexts a background thread keeps prepared (realm built,
     * prelude run, namespaces installed), 0..8, default {@value GraalExecutor#READY_CONTEXTS}. Each
     * serves exactly one pass. 0 prepares each context on its pass's thread: for a process that
     * runs one pass and exits, where contexts prepared ahead would go unused.
     */
    public Builder readyContexts(int count) {
      if (count < 0 || count > 8) {
        throw new IllegalArgumentException("readyContexts must be 0..8, was " + count);
      }
      this.readyContexts = count;
      return this;
    }

    /**
     * Adds a listener to the events of every pass (started, ended) and of each of its inner calls
     * (admitted, started, ended); listeners receive each event in the order they were added. See
     * {@link PassListener} for the order and threads of the events and what a listener must not do;
     * a listener that throws is logged and ignored. A listener that is also a {@link MutationAudit}
     * (the {@code AuditLog}) records each mutation's intent before it runs, and a mutation whose
     * intent it cannot record fails {@code unaudited} without running.
     */
    public Builder listener(PassListener listener) {
      listeners.add(Objects.requireNonNull(listener, "listener"));
      return this;
    }

    /**
     * Receives every pass's report after its resources have closed, on the caller's thread: a
     * convenience for a {@link #listener} that takes only {@link PassEnded#report()}.
     */
    public Builder onPassExit(Consumer<PassReport> callback) {
      Objects.requireNonNull(callback, "onPassExit");
      return listener(
          new PassListener() {
            @Override
            public void onPassEnded(PassEnded event) {
              callback.accept(event.report());
            }

            @Override
            public String toString() {
              return "onPassExit(" + callback + ")";
            }
          });
    }

    /**
     * Validates and builds. Fails closed with {@link IllegalArgumentException} on: no methods; a
     * namespace or method name that is not an identifier or would shadow a JavaScript global; a
     * tool that declares {@code needsApproval} when a {@code maxApprovalWait} the host set is not
     * shorter than {@code maxWallTime}; an invalid schema; an egress budget under 256 bytes.
     */
    public CodeMode build() {
      return new CodeMode(
          new CodeModeConfig(
              toolName,
              description,
              methods,
              isolation,
              readyContexts,
              limits,
              maxEgressBytes,
              redactEgress,
              listeners,
              includeDeclarations,
              describePerRun,
              hostPolicy,
              authorization,
              authorizationTimeout,
              approval,
              maxApprovalWait,
              new PlanSigner(planKey),
              planTtl));
    }
  }
}
