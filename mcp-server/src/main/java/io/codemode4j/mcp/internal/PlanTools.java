package io.codemode4j.mcp.internal;

import io.codemode4j.bridge.CodeMode;
import io.codemode4j.bridge.Durations;
import io.codemode4j.bridge.RunContext;
import io.codemode4j.bridge.approval.ApprovalDecision;
import io.codemode4j.bridge.outcome.CallRecord;
import io.codemode4j.bridge.outcome.PassOutcome;
import io.codemode4j.bridge.plan.Plan;
import io.codemode4j.bridge.plan.PlanApplication;
import io.codemode4j.bridge.plan.PlannedRead;
import io.codemode4j.bridge.plan.Planning;
import java.util.List;
import java.util.Locale;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * Plan mode over MCP: {@code plan_javascript} runs a program's reads and records its writes (the
 * calls of {@code needsApproval} tools) into a signed plan the server keeps for the session that
 * made it; {@code apply_plan} shows that plan to the client's user by elicitation and, on their
 * approval, runs its writes once each, in order.
 *
 * <p>Decided: two tools rather than a {@code mode} argument of {@code run_javascript}, whose input
 * schema is the Code Mode's own contract ({@code {code}} exactly, shared with every other host);
 * the model sees the plan and its id, but only the user's answer to the elicitation approves it,
 * and the plan applied is the one the server kept, never one the model sends back. Everything that
 * makes a plan unusable (unknown here, changed, expired, another principal's, applied or being
 * applied) is answered before the user is asked, writing nothing.
 */
final class PlanTools {

  static final String PLAN = "plan_javascript";
  static final String APPLY = "apply_plan";

  /** What an {@code apply_plan} call came to; its wire name is the result's {@code outcome}. */
  enum Outcome {
    APPLIED,
    ALREADY_APPLIED,
    STOPPED,
    REFUSED,
    DENIED,
    UNKNOWN,
    INVALID_ARGUMENTS;

    String wireName() {
      return name().toLowerCase(Locale.ROOT);
    }

    boolean isError() {
      return this != APPLIED && this != ALREADY_APPLIED;
    }
  }

  private final CodeMode codeMode;
  private final McpPlans plans = new McpPlans();

  PlanTools(CodeMode codeMode) {
    this.codeMode = codeMode;
  }

  /** {@code plan_javascript}'s description. */
  String planDescription() {
    return "Plan a program instead of running its writes. Takes the same program as "
        + codeMode.toolName()
        + ": its reads run as there, but each call that needs a person's approval is checked"
        + " and recorded, not run (it resolves to {planned: true, step, idempotencyKey}). Returns"
        + " the pass's result and, when the program succeeded with writes, the plan: planId, its"
        + " writes in order with their arguments and the reads each depends on. Call "
        + APPLY
        + " with the planId to have the user approve all the writes at once; the plan expires"
        + " at expiresAt and is applied only in this session.";
  }

  /** {@code apply_plan}'s description. */
  static String applyDescription() {
    return "Apply a plan "
        + PLAN
        + " made in this session: the user is shown its writes and asked to approve them all"
        + " (you cannot approve it); approved, each write runs once, in order, and the first that"
        + " fails stops the rest. outcome says what happened: applied, already_applied (nothing"
        + " ran again), stopped, refused (changed, expired or another principal's), denied (the"
        + " user declined, did not answer or cannot be asked), unknown (no such plan here) or"
        + " invalid_arguments. Nothing is written unless outcome is applied or stopped.";
  }

  /** {@code plan_javascript}'s output: the pass's egress schema and the plan. */
  static ObjectNode planOutputSchema(JsonNode egress) {
    ObjectNode schema = (ObjectNode) egress.deepCopy();
    ObjectNode plan = ((ObjectNode) schema.get("properties")).putObject("plan");
    plan.put("type", "object")
        .put(
            "description",
            "Present when the program succeeded with writes: pass planId to " + APPLY + ".");
    ObjectNode fields = plan.putObject("properties");
    fields.putObject("planId").put("type", "string");
    fields.putObject("expiresAt").put("type", "string");
    fields.putObject("reads").put("type", "array");
    fields.putObject("writes").put("type", "array");
    plan.putArray("required").add("planId").add("expiresAt").add("reads").add("writes");
    return schema;
  }

  /** {@code apply_plan}'s input: the plan's id. */
  static ObjectNode applyInputSchema() {
    ObjectNode schema = JsonNodeFactory.instance.objectNode().put("type", "object");
    schema
        .putObject("properties")
        .putObject("planId")
        .put("type", "string")
        .put("description", "The planId " + PLAN + " returned.");
    schema.putArray("required").add("planId");
    schema.put("additionalProperties", false);
    return schema;
  }

  /** {@code apply_plan}'s output. */
  static ObjectNode applyOutputSchema() {
    ObjectNode schema = JsonNodeFactory.instance.objectNode().put("type", "object");
    ObjectNode fields = schema.putObject("properties");
    fields.putObject("planId").put("type", "string");
    ArrayNode outcomes = fields.putObject("outcome").put("type", "string").putArray("enum");
    for (Outcome outcome : Outcome.values()) {
      outcomes.add(outcome.wireName());
    }
    fields.putObject("message").put("type", "string");
    fields
        .putObject("reason")
        .put("type", "string")
        .put("description", "For refused: changed, expired or other_principal.");
    fields
        .putObject("decider")
        .put("type", "string")
        .put("description", "Who approved or denied it.");
    fields
        .putObject("calls")
        .put("type", "array")
        .put("description", "The writes' ledger: method, status, failureKind.");
    schema.putArray("required").add("outcome").add("message");
    return schema;
  }

  /** One {@code plan_javascript} call, its plan kept for {@code owner}. */
  McpFeatures.Answer plan(@Nullable JsonNode arguments, String owner, RunContext run) {
    if (arguments == null
        || !arguments.isObject()
        || arguments.size() != 1
        || !arguments.path("code").isString()) {
      ObjectNode error = McpFeatures.egressShaped();
      error
          .putObject("error")
          .put("kind", "invalid_arguments")
          .put(
              "message",
              PLAN + " takes {code: string}, the program " + codeMode.toolName() + " takes");
      return new McpFeatures.Answer(error, true);
    }
    Planning planning = codeMode.plan(arguments.get("code").asString(), run);
    PassOutcome pass = planning.pass();
    ObjectNode egress = pass.egress().json();
    Plan plan = planning.plan();
    // Decided: a failed program's writes are not offered, nor a plan without writes: the model
    // would otherwise ask the user to approve half a program, or nothing.
    if (pass.ok() && !plan.writes().isEmpty()) {
      plans.keep(owner, plan);
      egress.set("plan", summary(plan));
    }
    return new McpFeatures.Answer(egress, !pass.ok());
  }

  /** One {@code apply_plan} call by {@code owner}, the user asked through {@code approval}. */
  McpFeatures.Answer apply(
      @Nullable JsonNode arguments, String owner, RunContext run, PlanApproval approval) {
    if (arguments == null
        || !arguments.isObject()
        || arguments.size() != 1
        || !arguments.path("planId").isString()) {
      return answer(
          "",
          Outcome.INVALID_ARGUMENTS,
          APPLY + " takes {planId: string}, the planId " + PLAN + " returned; nothing was written");
    }
    String planId = arguments.get("planId").asString();
    Plan plan = plans.find(owner, planId);
    if (plan == null) {
      return answer(
          planId,
          Outcome.UNKNOWN,
          "no plan "
              + planId
              + " was made in this session (a plan is applied where "
              + PLAN
              + " made it, until "
              + Durations.format(McpPlans.KEPT_AFTER_EXPIRY)
              + " after it expires): nothing was written");
    }
    PlanApplication.Refused unusable = codeMode.refusal(plan, run);
    if (unusable != null) {
      return refused(unusable);
    }
    if (!plans.claim(planId)) {
      return answer(
          planId,
          Outcome.ALREADY_APPLIED,
          "plan "
              + planId
              + " was already applied (or is being applied): nothing was written again");
    }
    boolean applied = false;
    try {
      ApprovalDecision decision;
      try {
        decision = approval.decide(plan, codeMode.maxApprovalWait());
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return answer(
            planId, Outcome.DENIED, "the call ended before the user answered: nothing was written");
      } catch (Exception e) {
        return answer(
            planId,
            Outcome.DENIED,
            "asking the client's user failed ("
                + e.getMessage()
                + "): nothing was written; apply it again");
      }
      if (!(decision instanceof ApprovalDecision.Approved approved)) {
        ObjectNode json =
            json(
                planId,
                Outcome.DENIED,
                "plan "
                    + planId
                    + " was not approved: "
                    + decision.reason()
                    + "; nothing was written");
        json.put("decider", decision.decider());
        return new McpFeatures.Answer(json, true);
      }
      PlanApplication done = codeMode.apply(plan, approved, run);
      applied =
          done instanceof PlanApplication.Applied || done instanceof PlanApplication.AlreadyApplied;
      return switch (done) {
        case PlanApplication.Applied a ->
            ledger(planId, Outcome.APPLIED, a.message(), a.calls(), approved.decider());
        case PlanApplication.AlreadyApplied a ->
            answer(planId, Outcome.ALREADY_APPLIED, a.message());
        case PlanApplication.Stopped s ->
            ledger(planId, Outcome.STOPPED, s.message(), s.calls(), approved.decider());
        case PlanApplication.Refused r -> refused(r);
      };
    } finally {
      // A plan not applied may be applied again: its claim is given back.
      if (!applied) {
        plans.release(planId);
      }
    }
  }

  /** What the model reads of a plan: enough to say what will be written, without read results. */
  private static ObjectNode summary(Plan plan) {
    ObjectNode json =
        JsonNodeFactory.instance
            .objectNode()
            .put("planId", plan.planId())
            .put("expiresAt", plan.expiresAt().toString());
    ArrayNode reads = json.putArray("reads");
    for (PlannedRead read : plan.reads()) {
      reads.addObject().put("callId", read.callId()).put("method", read.method());
    }
    ArrayNode writes = json.putArray("writes");
    plan.writes().forEach(write -> writes.add(write.toJson()));
    return json;
  }

  private McpFeatures.Answer refused(PlanApplication.Refused refused) {
    ObjectNode json = json(refused.planId(), Outcome.REFUSED, refused.message());
    json.put("reason", refused.reason().name().toLowerCase(Locale.ROOT));
    return new McpFeatures.Answer(json, true);
  }

  private static McpFeatures.Answer answer(String planId, Outcome outcome, String message) {
    return new McpFeatures.Answer(json(planId, outcome, message), outcome.isError());
  }

  private static McpFeatures.Answer ledger(
      String planId, Outcome outcome, String message, List<CallRecord> calls, String decider) {
    ObjectNode json = json(planId, outcome, message).put("decider", decider);
    ArrayNode list = json.putArray("calls");
    for (CallRecord call : calls) {
      ObjectNode c =
          list.addObject()
              .put("callId", call.callId())
              .put("method", call.method())
              .put("status", call.status().wireName());
      if (call.failureKind() != null) {
        c.put("failureKind", call.failureKind());
      }
    }
    return new McpFeatures.Answer(json, outcome.isError());
  }

  private static ObjectNode json(String planId, Outcome outcome, String message) {
    return JsonNodeFactory.instance
        .objectNode()
        .put("planId", planId)
        .put("outcome", outcome.wireName())
        .put("message", message);
  }
}
