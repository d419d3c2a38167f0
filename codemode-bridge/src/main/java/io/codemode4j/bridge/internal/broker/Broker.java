package io.codemode4j.bridge.internal.broker;

import io.codemode4j.bridge.CodeExecutionLimits;
import io.codemode4j.bridge.CodeMode;
import io.codemode4j.bridge.RunBudget;
import io.codemode4j.bridge.RunContext;
import io.codemode4j.bridge.approval.Approval;
import io.codemode4j.bridge.approval.ApprovalRequest;
import io.codemode4j.bridge.audit.LogText;
import io.codemode4j.bridge.event.MutationAudit;
import io.codemode4j.bridge.event.MutationIntent;
import io.codemode4j.bridge.internal.GuestJson;
import io.codemode4j.bridge.internal.Utf8;
import io.codemode4j.bridge.outcome.CallRecord;
import io.codemode4j.bridge.outcome.CallStatus;
import io.codemode4j.bridge.plan.PlannedWrite;
import io.codemode4j.bridge.tool.AuthorizationRequest;
import io.codemode4j.bridge.tool.CallContext;
import io.codemode4j.bridge.tool.ExecutionClass;
import io.codemode4j.bridge.tool.Tool;
import io.codemode4j.bridge.tool.ToolFailure;
import java.io.IOException;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;

/**
 * The only way from a program to a tool handler. For each inner call, in order: the method must be
 * on the construction-time allowlist and visible to the run ({@link RunContext#grants()}, which
 * {@link CodeMode} narrows by the host's policy before the pass; a hidden method is refused exactly
 * like an unknown one, so the refusal tells nothing about it); the call must fit the pass's budget
 * ({@code maxHostCalls} and the run's remaining tool calls); the arguments must fit {@code
 * maxHostCallBytes}; these are decided on the pass thread when the program makes the call. When its
 * turn comes (until then it is {@code not-started}), the call's own thread (see {@link #start})
 * checks that the arguments are JSON matching the parameters schema, then runs the handler as
 * {@code uncertain} (after the host's authorization hook and, for a {@code needsApproval} tool, a
 * person's approval, see {@link Approver}); its result must match the success schema and fit {@code
 * maxHostCallBytes} before it is {@code succeeded}.
 *
 * <p>Decided: {@code maxHostCallConcurrency} is enforced once, by the {@link LocalDispatcher} that
 * every executor routes calls through: it starts a call only while fewer than that many run, so the
 * broker never has more to bound. (The broker once held a semaphore of its own as well, which could
 * never block.)
 */
public final class Broker {

  private static final Logger LOG = LoggerFactory.getLogger(Broker.class);

  /** An allowlisted method: the tool behind it and its compiled schemas. */
  public record Binding(
      String path, Tool tool, SchemaValidator parameters, SchemaValidator success) {}

  /** What the broker decided about a call before running it. */
  sealed interface Admission permits Rejected, Admitted {
    PassLedger.Entry entry();
  }

  /** Refused before the handler ran; the ledger records it as failed with the failure's kind. */
  record Rejected(PassLedger.Entry entry, ToolFailure failure) implements Admission {}

  /**
   * Allowed so far; its arguments are parsed and checked on its own thread, then it waits for a
   * slot.
   */
  record Admitted(PassLedger.Entry entry, Binding binding, String argumentsJson)
      implements Admission {}

  private final Map<String, Binding> bindings;

  /** Null when no one listens. */
  private final @Nullable GuardedListeners listeners;

  /** Null when the host authorizes nothing per call. */
  private final @Nullable Authorizer authorizer;

  /** Asks a person about each call of a {@code needsApproval} tool. */
  private final Approver approver;

  /** Record each mutation's intent before it runs; empty when nothing is audited. */
  private final List<MutationAudit> audits;

  /** The recorders of the passes that plan rather than write, by pass id. */
  private final Map<String, PlanRecorder> planning = new ConcurrentHashMap<>();

  /**
   * A broker no one listens to, that authorizes and audits nothing per call, and approves only
   * through a run's own channel.
   */
  public Broker(Map<String, Binding> bindings) {
    this(bindings, null, null, List.of());
  }

  /** A broker that approves only through a run's own channel. */
  public Broker(
      Map<String, Binding> bindings,
      @Nullable GuardedListeners listeners,
      @Nullable Authorizer authorizer,
      List<MutationAudit> audits) {
    this(bindings, listeners, authorizer, Approver.NONE, audits);
  }

  /**
   * @param listeners receive the call events of every pass's ledger (see {@link PassLedger}); null
   *     when no one listens
   * @param authorizer decides every call after its arguments are checked and before it is charged
   *     to the run's budget; null when the host authorizes nothing per call
   * @param approver asks for a person's approval of each call of a {@code needsApproval} tool,
   *     after the authorizer and before the call is charged
   * @param audits record each call to a {@code mutation} tool before its handler runs; a call whose
   *     intent one of them cannot record fails {@code unaudited} without running
   */
  public Broker(
      Map<String, Binding> bindings,
      @Nullable GuardedListeners listeners,
      @Nullable Authorizer authorizer,
      Approver approver,
      List<MutationAudit> audits) {
    this.bindings = Map.copyOf(bindings);
    this.listeners = listeners;
    this.authorizer = authorizer;
    this.approver = Objects.requireNonNull(approver, "approver");
    this.audits = List.copyOf(audits);
  }

  /**
   * Makes pass {@code passId} (about to start) a planning pass: its calls of {@code needsApproval}
   * tools are recorded by {@code recorder} and answered {@code {planned, step, idempotencyKey}}
   * instead of running, and its reads' results are recorded too. {@link #planned} ends it.
   */
  public void planning(String passId, PlanRecorder recorder) {
    planning.put(passId, recorder);
  }

  public void planned(String passId) {
    planning.remove(passId);
  }

  /**
   * What applying a plan's writes did.
   *
   * @param calls their ledger, in the plan's order; the writes after a failed one {@code
   *     not-started}
   * @param stoppedBy the failure envelope of the write that stopped the rest; null when all ran
   */
  public record AppliedWrites(List<CallRecord> calls, @Nullable String stoppedBy) {}

  /**
   * Runs an approved plan's writes on this thread, one after another, each through the whole call
   * path (allowlist and grants, budget, arguments, authorization, audit, handler, success schema)
   * with {@code approval} in place of asking the channel and its idempotency key in its {@link
   * CallContext}; the first that does not succeed stops the rest.
   */
  public AppliedWrites apply(
      String passId,
      RunContext run,
      CodeExecutionLimits limits,
      List<PlannedWrite> writes,
      Approval approval) {
    PassLedger ledger = ledger(passId, run);
    Session session = open(passId, run, limits, ledger);
    session.preApproved = approval;
    String stoppedBy = null;
    for (PlannedWrite write : writes) {
      if (stoppedBy != null) {
        // Recorded, so the ledger accounts for every write of the plan: it stays not-started.
        ledger.register(write.method(), write.tool());
        continue;
      }
      switch (session.admit(write.method(), write.arguments().toString())) {
        case Rejected rejected -> stoppedBy = envelope(write.method(), rejected.failure());
        case Admitted admitted -> {
          session.keys.put(admitted.entry().callId, write.idempotencyKey());
          AtomicReference<CallDispatcher.Completion> done = new AtomicReference<>();
          session.runHere(admitted, done::set);
          CallDispatcher.Completion completion = done.get();
          if (completion == null) {
            stoppedBy =
                envelope(
                    write.method(),
                    new ToolFailure(
                        ToolFailure.Kind.FAILED,
                        "applying the plan was interrupted while " + write.method() + " ran"));
            Thread.currentThread().interrupt();
          } else if (completion.failure()) {
            stoppedBy = completion.json();
          }
        }
      }
    }
    return new AppliedWrites(ledger.close(), stoppedBy);
  }

  /** A new ledger for one pass of {@code run}, reporting to this broker's listeners. */
  PassLedger ledger(String passId, RunContext run) {
    return new PassLedger(run.runId(), passId, listeners);
  }

  Set<String> methods() {
    return bindings.keySet();
  }

  Session open(String passId, RunContext run, CodeExecutionLimits limits, PassLedger ledger) {
    return new Session(passId, run, limits, ledger);
  }

  private static boolean needsApproval(Binding binding) {
    return binding.tool().spec().executionClass() == ExecutionClass.NEEDS_APPROVAL;
  }

  /**
   * What the program reads of an approval that did not approve: kind {@code timeout} when no
   * decision came in time ({@code maxApprovalWait}), {@code denied} otherwise.
   */
  private static ToolFailure refusal(String method, Approval approval) {
    return switch (approval.outcome()) {
      case APPROVED ->
          throw new IllegalArgumentException("an approved call is not refused: " + method);
      case TIMED_OUT -> new ToolFailure(ToolFailure.Kind.TIMEOUT, approval.reason());
      case DENIED ->
          new ToolFailure(
              ToolFailure.Kind.DENIED,
              method
                  + " was denied by "
                  + approval.decider()
                  + ": "
                  + approval.reason()
                  + " (the call did not run)");
      case NO_CHANNEL, FAILED -> new ToolFailure(ToolFailure.Kind.DENIED, approval.reason());
    };
  }

  /** The failure envelope a program receives: {@code {kind, tool, message}}. */
  static String envelope(String method, ToolFailure failure) {
    return JsonNodeFactory.instance
        .objectNode()
        .put("kind", failure.kind().wireName())
        .put("tool", method)
        .put("message", failure.getMessage())
        .toString();
  }

  /** The broker's state for one pass. */
  final class Session {
    private final String passId;
    private final RunContext run;
    private final CodeExecutionLimits limits;
    private final PassLedger ledger;
    private final Set<Thread> running = ConcurrentHashMap.newKeySet();
    private int calls;

    /** Null unless this pass plans rather than writes. */
    private final @Nullable PlanRecorder recorder;

    /** An approved plan's approval, given to each of its writes; null when the channel decides. */
    private @Nullable Approval preApproved;

    /** The idempotency keys of an approved plan's writes, by call id. */
    private final Map<String, String> keys = new ConcurrentHashMap<>();

    private Session(String passId, RunContext run, CodeExecutionLimits limits, PassLedger ledger) {
      this.passId = passId;
      this.run = run;
      this.limits = limits;
      this.ledger = ledger;
      this.recorder = planning.get(passId);
    }

    /**
     * Registers the call in the ledger and decides what can be decided at once: method, budget,
     * size. Called on the pass thread, which runs every call's admission one after another, so
     * parsing and validating the arguments waits for the call's own thread ({@link #start}).
     */
    Admission admit(String method, @Nullable String argumentsJson) {
      return admit(method, argumentsJson, argumentsJson == null ? 0 : Utf8.length(argumentsJson));
    }

    /**
     * Admits a call whose arguments' JSON is {@code bytes} long; {@code argumentsJson} is null when
     * they have no JSON form, or when a worker left out arguments over {@code maxHostCallBytes}.
     */
    Admission admit(String method, @Nullable String argumentsJson, int bytes) {
      Binding binding = run.grants().allows(method) ? bindings.get(method) : null;
      PassLedger.Entry entry =
          ledger.register(method, binding == null ? "" : binding.tool().name());
      calls++;
      if (binding == null) {
        return reject(
            entry,
            ToolFailure.Kind.REFUSED,
            method
                + " is not an allowlisted method (allowed: "
                + String.join(
                    ", ", bindings.keySet().stream().filter(run.grants()::allows).sorted().toList())
                + ")");
      }
      // Every call the program makes counts here, refused ones too: the limit bounds the ledger
      // and the work a flood of calls causes (an authorization hook is asked for each).
      if (calls > limits.maxHostCalls()) {
        return reject(
            entry,
            ToolFailure.Kind.BUDGET,
            "call budget spent: this pass may make "
                + limits.maxHostCalls()
                + " inner calls (maxHostCalls); batch the work into fewer calls");
      }
      if (bytes > limits.maxHostCallBytes()) {
        return reject(
            entry,
            ToolFailure.Kind.TOO_LARGE,
            "arguments are "
                + bytes
                + " bytes, over the limit of "
                + limits.maxHostCallBytes()
                + " bytes (maxHostCallBytes)");
      }
      if (argumentsJson == null) {
        return reject(
            entry,
            ToolFailure.Kind.INVALID_ARGUMENTS,
            "arguments must be one JSON object, e.g. "
                + method
                + "({...}); functions, BigInt and cycles have no JSON form");
      }
      if (!asks(binding)) {
        // Nothing to ask: the call is authorized as it is made, and charged in invocation order.
        ToolFailure spent = charge();
        if (spent != null) {
          return reject(entry, spent);
        }
      }
      ledger.admit(entry, argumentsJson);
      return new Admitted(entry, binding, argumentsJson);
    }

    /**
     * The call's arguments as JSON that matches its parameters; the refusal that says why not
     * otherwise.
     */
    private JsonNode checkArguments(Admitted call) throws ToolFailure {
      JsonNode arguments;
      try {
        arguments = GuestJson.read(call.argumentsJson(), "the arguments object");
      } catch (GuestJson.UnreadableException e) {
        throw new ToolFailure(ToolFailure.Kind.INVALID_ARGUMENTS, String.valueOf(e.getMessage()));
      }
      List<String> problems = call.binding().parameters().problems(arguments);
      if (!problems.isEmpty()) {
        throw new ToolFailure(
            ToolFailure.Kind.INVALID_ARGUMENTS,
            "arguments do not match the parameters of "
                + call.entry().method
                + ": "
                + String.join("; ", problems));
      }
      return arguments;
    }

    /**
     * Whether a call of {@code binding} waits for a decision (the authorization hook's, a person's)
     * on its own thread before it is charged: a refused call is never charged.
     */
    private boolean asks(Binding binding) {
      return authorizer != null || needsApproval(binding);
    }

    int callsMade() {
      return calls;
    }

    /**
     * On a virtual thread: checks an admitted call's arguments, then runs it; {@code sink} receives
     * its completion (or its refusal) from that thread. A call whose pass ended before its handler
     * started never runs. The caller has already waited for a concurrency slot ({@link
     * LocalDispatcher}).
     */
    void start(Admitted admitted, Consumer<CallDispatcher.Completion> sink) {
      Thread.ofVirtual()
          .name("codemode-call-" + admitted.entry().callId)
          .start(() -> runHere(admitted, sink));
    }

    /**
     * What {@link #start} does, on the calling thread. {@link CodeMode}'s pass thread uses it for
     * the one call its program waits on (see {@link LocalDispatcher}); {@link #cancelAll}
     * interrupts that thread like any other running handler.
     */
    void runHere(Admitted admitted, Consumer<CallDispatcher.Completion> sink) {
      running.add(Thread.currentThread());
      try {
        JsonNode arguments;
        try {
          arguments = checkArguments(admitted);
        } catch (ToolFailure refusal) {
          refuse(admitted.entry(), refusal, false, sink);
          return;
        }
        if (authorizer != null) {
          ToolFailure denial = authorize(admitted, arguments);
          if (denial != null) {
            refuse(admitted.entry(), denial, true, sink);
            return;
          }
          ledger.allowed(admitted.entry());
        }
        if (needsApproval(admitted.binding()) && recorder != null) {
          plan(admitted, arguments, recorder, sink);
          return;
        }
        if (needsApproval(admitted.binding())) {
          Approval approval = preApproved != null ? preApproved : approve(admitted, arguments);
          if (!approval.approved()) {
            ToolFailure refusal = refusal(admitted.entry().method, approval);
            if (ledger.unapproved(admitted.entry(), approval, refusal)) {
              sink.accept(
                  new CallDispatcher.Completion(true, envelope(admitted.entry().method, refusal)));
            }
            return;
          }
          ledger.approved(admitted.entry(), approval);
        }
        if (asks(admitted.binding())) {
          ToolFailure spent = charge();
          if (spent != null) {
            refuse(admitted.entry(), spent, false, sink);
            return;
          }
        }
        execute(admitted, arguments, sink);
      } catch (InterruptedException e) {
        // The pass ended while the handler ran: the call stays uncertain. (One whose pass ended
        // before its handler started never left not-started: the closed ledger refused the start.)
      } finally {
        running.remove(Thread.currentThread());
      }
    }

    /** The refusal of the host's authorization hook, or null when it allows the call. */
    private @Nullable ToolFailure authorize(Admitted call, JsonNode arguments)
        throws InterruptedException {
      Tool tool = call.binding().tool();
      return Objects.requireNonNull(authorizer)
          .refusal(
              new AuthorizationRequest(
                  tool.name(),
                  tool.spec().executionClass(),
                  arguments.deepCopy(),
                  context(call.entry())));
    }

    /**
     * Records a write in the plan instead of running it, uncharged; the program receives {@code
     * {planned: true, step, idempotencyKey}} and goes on.
     */
    private void plan(
        Admitted call,
        JsonNode arguments,
        PlanRecorder plan,
        Consumer<CallDispatcher.Completion> sink) {
      PassLedger.Entry entry = call.entry();
      if (!ledger.planned(entry)) {
        return;
      }
      String key = plan.write(entry.callId, entry.method, call.binding().tool().name(), arguments);
      sink.accept(
          new CallDispatcher.Completion(
              false,
              JsonNodeFactory.instance
                  .objectNode()
                  .put("planned", true)
                  .put("step", Integer.parseInt(key.substring(key.lastIndexOf(':') + 1)))
                  .put("idempotencyKey", key)
                  .toString()));
    }

    /** A person's approval of the call, through the run's channel. */
    private Approval approve(Admitted call, JsonNode arguments) throws InterruptedException {
      Tool tool = call.binding().tool();
      return approver.approval(
          run.approval(),
          new ApprovalRequest(
              tool.name(),
              tool.spec().description(),
              arguments.deepCopy(),
              context(call.entry()),
              approver.maxWait()));
    }

    /**
     * Records a mutation's intent with every audit before it runs; the failure that stops it when
     * one cannot, else null (and null at once for a read).
     */
    private @Nullable ToolFailure recordIntent(Admitted call, JsonNode arguments) {
      Tool tool = call.binding().tool();
      if (audits.isEmpty() || !tool.spec().executionClass().changesState()) {
        return null;
      }
      MutationIntent intent =
          new MutationIntent(
              run.runId(),
              passId,
              call.entry().callId,
              call.entry().method,
              tool.name(),
              Instant.now(),
              listeners != null && listeners.wantsArguments() ? arguments.toString() : null);
      for (MutationAudit audit : audits) {
        try {
          audit.recordIntent(intent);
        } catch (IOException | RuntimeException e) {
          LOG.error(
              "the audit could not record the intent of {} in pass {} call {}, so it did not run",
              call.entry().method,
              passId,
              call.entry().callId,
              LogText.of(e));
          return new ToolFailure(
              ToolFailure.Kind.UNAUDITED,
              call.entry().method
                  + " changes data and its audit record could not be written first, so it did not"
                  + " run: the operator must fix the audit log's storage");
        }
      }
      return null;
    }

    /** Charges the call to the run's budget; the refusal when it is spent, else null. */
    private @Nullable ToolFailure charge() {
      RunBudget budget = run.budget();
      if (budget == null || budget.tryCharge()) {
        return null;
      }
      return new ToolFailure(
          ToolFailure.Kind.BUDGET,
          "the run's budget of "
              + budget.limit()
              + " inner calls is spent (RunBudget, shared by the run's passes): return what you"
              + " have, or batch the work into fewer calls");
    }

    private CallContext context(PassLedger.Entry entry) {
      return new CallContext(
          run.runId(),
          passId,
          entry.callId,
          run.parentCallId(),
          entry.method,
          run.principal(),
          keys.get(entry.callId));
    }

    /**
     * Interrupts every handler still running; their late outcomes no longer reach the closed
     * ledger.
     */
    void cancelAll() {
      running.forEach(Thread::interrupt);
    }

    private void execute(
        Admitted call, JsonNode arguments, Consumer<CallDispatcher.Completion> sink)
        throws InterruptedException {
      PassLedger.Entry entry = call.entry();
      if (!ledger.start(entry)) {
        return;
      }
      String method = entry.method;
      ToolFailure unaudited = recordIntent(call, arguments);
      if (unaudited != null) {
        complete(sink, entry, CallStatus.FAILED, unaudited);
        return;
      }
      CallContext context = context(entry);
      JsonNode result;
      try {
        result = call.binding().tool().handler().handle(arguments, context);
      } catch (ToolFailure failure) {
        complete(sink, entry, CallStatus.FAILED, failure);
        return;
      } catch (InterruptedException e) {
        throw e;
      } catch (RuntimeException e) {
        if (Thread.currentThread().isInterrupted()) {
          throw new InterruptedException("handler ended by interruption");
        }
        LOG.warn(
            "tool {} failed in pass {} call {}",
            call.binding().tool().name(),
            passId,
            entry.callId,
            LogText.of(e));
        complete(
            sink,
            entry,
            CallStatus.FAILED,
            new ToolFailure(
                ToolFailure.Kind.FAILED,
                method
                    + " failed with an internal error of the tool (the host's log has the details)"));
        return;
      }
      if (result == null) {
        result = JsonNodeFactory.instance.nullNode();
      }
      List<String> problems = call.binding().success().problems(result);
      if (!problems.isEmpty()) {
        LOG.warn(
            "tool {} returned a result outside its success schema: {}",
            call.binding().tool().name(),
            LogText.of(String.valueOf(problems)));
        complete(
            sink,
            entry,
            CallStatus.FAILED,
            new ToolFailure(
                ToolFailure.Kind.FAILED,
                method
                    + " returned a result that does not match its declared type: "
                    + String.join("; ", problems)));
        return;
      }
      String json;
      try {
        json = result.toString();
      } catch (JacksonException e) {
        complete(
            sink,
            entry,
            CallStatus.FAILED,
            new ToolFailure(
                ToolFailure.Kind.FAILED,
                method
                    + " returned a result nested too deeply to write as JSON; a value a program"
                    + " reads nests at most "
                    + GuestJson.MAX_DEPTH
                    + " levels"));
        return;
      }
      int bytes = Utf8.length(json);
      if (bytes > limits.maxHostCallBytes()) {
        complete(
            sink,
            entry,
            CallStatus.FAILED,
            new ToolFailure(
                ToolFailure.Kind.TOO_LARGE,
                "the result of "
                    + method
                    + " is "
                    + bytes
                    + " bytes, over the limit of "
                    + limits.maxHostCallBytes()
                    + " bytes (maxHostCallBytes): ask for less, e.g. aggregate in SQL or lower maxRows"));
        return;
      }
      if (recorder != null) {
        recorder.read(entry.callId, method, arguments, result);
      }
      if (ledger.finish(entry, CallStatus.SUCCEEDED, null)) {
        sink.accept(new CallDispatcher.Completion(false, json));
      }
    }

    private void complete(
        Consumer<CallDispatcher.Completion> sink,
        PassLedger.Entry entry,
        CallStatus status,
        ToolFailure failure) {
      if (ledger.finish(entry, status, failure)) {
        sink.accept(new CallDispatcher.Completion(true, envelope(entry.method, failure)));
      }
    }

    private Rejected reject(PassLedger.Entry entry, ToolFailure.Kind kind, String message) {
      return reject(entry, new ToolFailure(kind, message));
    }

    private Rejected reject(PassLedger.Entry entry, ToolFailure failure) {
      ledger.reject(entry, failure);
      return new Rejected(entry, failure);
    }

    /**
     * Refuses an admitted call before its handler runs ({@code denied} by the authorization hook,
     * or for its arguments or budget), telling the program unless the pass has already ended.
     */
    private void refuse(
        PassLedger.Entry entry,
        ToolFailure failure,
        boolean denied,
        Consumer<CallDispatcher.Completion> sink) {
      if (denied ? ledger.deny(entry, failure) : ledger.reject(entry, failure)) {
        sink.accept(new CallDispatcher.Completion(true, envelope(entry.method, failure)));
      }
    }
  }
}
