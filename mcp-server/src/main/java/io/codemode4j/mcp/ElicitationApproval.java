package io.codemode4j.mcp;

import com.fasterxml.jackson.annotation.JsonTypeInfo;
import io.codemode4j.bridge.Durations;
import io.codemode4j.bridge.Principal;
import io.codemode4j.bridge.approval.Approval;
import io.codemode4j.bridge.approval.ApprovalChannel;
import io.codemode4j.bridge.approval.ApprovalDecision;
import io.codemode4j.bridge.approval.ApprovalRequest;
import io.codemode4j.bridge.plan.Plan;
import io.codemode4j.bridge.plan.PlannedWrite;
import io.codemode4j.mcp.internal.PlanApproval;
import io.modelcontextprotocol.server.McpAsyncServerExchange;
import io.modelcontextprotocol.spec.McpSchema;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.jspecify.annotations.Nullable;
import reactor.core.scheduler.Scheduler;
import tools.jackson.databind.json.JsonMapper;

/**
 * Approval by the MCP client's user: each call of a {@code needsApproval} tool sends the client an
 * {@code elicitation/create} request naming the method, the tool, the principal with its tenant and
 * the validated arguments, with a one-field form ({@code approve}, a boolean). Only {@code accept}
 * with {@code approve: true} approves; {@code decline}, {@code cancel} or an accepted form without
 * the confirmation denies, decided by the client (its name as it gave it at initialization).
 *
 * <p>Decided: the SDK's own {@link McpAsyncServerExchange#createElicitation} sends the request, so
 * the capability check, the request id and the response's matching are the SDK's. The broker bounds
 * the wait ({@code maxApprovalWait}) and interrupts this channel when it ends; the request's
 * subscription is then cancelled, and a late answer is dropped by the SDK. The protocol has no way
 * for a server to withdraw an elicitation it sent, so the client may still show the question.
 */
final class ElicitationApproval implements ApprovalChannel, PlanApproval {

  /** The form the client shows: one boolean, which must be {@code true} to approve. */
  static final Map<String, Object> CONFIRM_SCHEMA =
      confirmSchema(
          "Approve this call", "true lets the call run once; false or no answer refuses it");

  /** The form of a whole plan: one boolean, which must be {@code true} to apply every write. */
  static final Map<String, Object> CONFIRM_PLAN_SCHEMA =
      confirmSchema(
          "Approve every write of this plan",
          "true runs each write once, in order; false or no answer writes nothing");

  /** A form of one required boolean {@code approve}, false unless the person sets it. */
  private static Map<String, Object> confirmSchema(String title, String description) {
    return Map.of(
        "type",
        "object",
        "properties",
        Map.of(
            "approve",
            Map.of(
                "type", "boolean", "title", title, "description", description, "default", false)),
        "required",
        List.of("approve"));
  }

  /**
   * {@code mapper} able to write an {@code elicitation/create} request. The SDK's {@code
   * ElicitRequest} names its subtype by a type id property {@code mode} that its {@code
   * ElicitFormRequest} also has as a property, which Jackson 3 refuses to write ("Conflict between
   * type id property 'mode' and bean property"); the mix-in turns the type id off, so the request's
   * own {@code mode} ({@code "form"}) is written. The server never reads such a request.
   */
  static JsonMapper writable(JsonMapper mapper) {
    return mapper.rebuild().addMixIn(McpSchema.ElicitRequest.class, WrittenByItsMode.class).build();
  }

  /** The mix-in of {@link #writable}. */
  @JsonTypeInfo(use = JsonTypeInfo.Id.NONE)
  private interface WrittenByItsMode {}

  private final McpAsyncServerExchange exchange;
  private final Scheduler sends;
  private final String decider;

  /**
   * @param exchange the session of the client that asks
   * @param sends where the request is sent from (the stdio server sends every message from one
   *     thread)
   */
  ElicitationApproval(McpAsyncServerExchange exchange, Scheduler sends) {
    this.exchange = Objects.requireNonNull(exchange, "exchange");
    this.sends = Objects.requireNonNull(sends, "sends");
    McpSchema.Implementation client = exchange.getClientInfo();
    this.decider =
        "MCP client "
            + (client == null || client.name() == null ? "(unnamed)" : "'" + client.name() + "'")
            + " (elicitation)";
  }

  /**
   * Whether the client declared elicitation by form: an {@code elicitation} capability that is
   * empty (form, as before modes existed) or names {@code form}.
   */
  static boolean supported(McpAsyncServerExchange exchange) {
    McpSchema.ClientCapabilities capabilities = exchange.getClientCapabilities();
    if (capabilities == null || capabilities.elicitation() == null) {
      return false;
    }
    McpSchema.ClientCapabilities.Elicitation elicitation = capabilities.elicitation();
    return elicitation.form() != null || elicitation.url() == null;
  }

  /**
   * A channel that denies every call for {@code why}, decided by no person: the client cannot be
   * asked, and the call fails closed with the reason.
   */
  static ApprovalChannel unavailable(String why) {
    Objects.requireNonNull(why, "why");
    return request ->
        ApprovalDecision.deny(
            Approval.NO_DECIDER,
            request.method() + " needs a person's approval and " + why + ", so no one was asked");
  }

  @Override
  public ApprovalDecision decide(ApprovalRequest request) throws Exception {
    // The broker bounds this wait (maxApprovalWait) and interrupts it when it ends.
    return ask(message(request), CONFIRM_SCHEMA, null);
  }

  /**
   * Asks for every write of {@code plan} at once. Decided: no broker bounds this wait (no call is
   * pending), so it is bounded here by {@code maxWait}, the per-call approvals' own.
   */
  @Override
  public ApprovalDecision decide(Plan plan, Duration maxWait) throws Exception {
    return ask(message(plan, maxWait), CONFIRM_PLAN_SCHEMA, maxWait);
  }

  /**
   * Sends one elicitation and waits for its answer, at most {@code maxWait} when given (no answer
   * by then denies); an interrupted wait cancels the request.
   */
  private ApprovalDecision ask(
      String message, Map<String, Object> schema, @Nullable Duration maxWait) throws Exception {
    McpSchema.ElicitRequest question =
        McpSchema.ElicitRequest.builder().message(message).requestedSchema(schema).build();
    CompletableFuture<McpSchema.@Nullable ElicitResult> answer =
        exchange.createElicitation(question).subscribeOn(sends).toFuture();
    McpSchema.@Nullable ElicitResult result;
    try {
      result = maxWait == null ? answer.get() : answer.get(maxWait.toNanos(), TimeUnit.NANOSECONDS);
    } catch (TimeoutException e) {
      answer.cancel(true);
      return ApprovalDecision.deny(
          decider, "no answer within " + Durations.format(maxWait) + " (maxApprovalWait)");
    } catch (InterruptedException e) {
      answer.cancel(true);
      throw e;
    } catch (ExecutionException e) {
      throw e.getCause() instanceof Exception cause ? cause : e;
    }
    return decision(result);
  }

  private ApprovalDecision decision(McpSchema.@Nullable ElicitResult result) {
    if (result == null) {
      throw new IllegalStateException("the MCP client's session ended before it answered");
    }
    return switch (result.action()) {
      case ACCEPT ->
          result.content() != null && Boolean.TRUE.equals(result.content().get("approve"))
              ? ApprovalDecision.approve(decider, "accepted with approve: true")
              : ApprovalDecision.deny(decider, "accepted without approve: true");
      case DECLINE -> ApprovalDecision.deny(decider, "declined by the client's user");
      case CANCEL -> ApprovalDecision.deny(decider, "cancelled by the client's user");
    };
  }

  /**
   * What the client's user reads of a plan: for whom, each write in order with its arguments and
   * the reads it depends on, and when the plan expires.
   */
  static String message(Plan plan, Duration maxWait) {
    String tenant = tenant(plan.principal());
    StringBuilder text =
        new StringBuilder("A program planned ")
            .append(plan.writes().size())
            .append(plan.writes().size() == 1 ? " write" : " writes")
            .append(" for ")
            .append(plan.principal().id())
            .append(" (")
            .append(tenant)
            .append("), each to run once, in order, if you approve (plan ")
            .append(plan.planId())
            .append(", after ")
            .append(plan.reads().size())
            .append(plan.reads().size() == 1 ? " read" : " reads")
            .append("):");
    for (PlannedWrite write : plan.writes()) {
      text.append("\n")
          .append(write.step())
          .append(". ")
          .append(write.method())
          .append(" (tool ")
          .append(write.tool())
          .append(") ")
          .append(write.arguments());
      if (!write.dependsOn().isEmpty()) {
        text.append(" (after reads ").append(String.join(", ", write.dependsOn())).append(')');
      }
    }
    return text.append("\nThe plan expires at ")
        .append(plan.expiresAt())
        .append(". Approve all ")
        .append(plan.writes().size())
        .append("? (Unanswered after ")
        .append(Durations.format(maxWait))
        .append(", nothing is written.)")
        .toString();
  }

  /** What the client's user reads: the call, for whom, and its arguments. */
  static String message(ApprovalRequest request) {
    String tenant = tenant(request.principal());
    return "A program asks to run "
        + request.method()
        + " (tool "
        + request.toolName()
        + ") for "
        + request.principal().id()
        + " ("
        + tenant
        + ") with the arguments "
        + request.arguments()
        + ". Approve this call? (Unanswered after "
        + Durations.format(request.maxWait())
        + ", it is not run.)";
  }

  /** Whose rows a write reaches, as the user reads it: every tenant, or the tenant's keys. */
  private static String tenant(Principal principal) {
    Set<String> tenant = principal.tenant();
    return tenant == null ? "every tenant" : "tenant " + String.join(",", new TreeSet<>(tenant));
  }
}
