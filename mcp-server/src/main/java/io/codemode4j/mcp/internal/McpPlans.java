package io.codemode4j.mcp.internal;

import io.codemode4j.bridge.plan.Plan;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.jspecify.annotations.Nullable;

/**
 * The plans {@code plan_javascript} made, kept for {@code apply_plan} by their owner (the stdio
 * session, or over HTTP the token's principal: see {@link McpFeatures#owner}), and which of them
 * are applied or being applied.
 *
 * <p>Decided: a plan is found only by its owner, so a plan id seen elsewhere applies nothing; the
 * Code Mode still checks the plan's MAC, expiry and principal. An expired plan is kept {@link
 * #KEPT_AFTER_EXPIRY} longer, so that applying it says it expired rather than that it is unknown,
 * and then dropped when another plan is kept. A claim is taken before the user is asked, so a
 * second apply of the same plan neither asks nor writes.
 */
final class McpPlans {

  /** How long an expired plan is still found (to be refused as expired). */
  static final Duration KEPT_AFTER_EXPIRY = Duration.ofMinutes(10);

  private record Kept(Plan plan, String owner) {}

  private final Map<String, Kept> plans = new ConcurrentHashMap<>();
  private final Set<String> claimed = ConcurrentHashMap.newKeySet();

  void keep(String owner, Plan plan) {
    Instant drop = Instant.now().minus(KEPT_AFTER_EXPIRY);
    plans.values().removeIf(kept -> kept.plan().expiresAt().isBefore(drop));
    plans.put(plan.planId(), new Kept(plan, owner));
  }

  /** {@code owner}'s plan {@code planId}; null when there is none (or it is another's). */
  @Nullable Plan find(String owner, String planId) {
    Kept kept = plans.get(planId);
    return kept == null || !kept.owner().equals(owner) ? null : kept.plan();
  }

  /** Takes {@code planId} for one apply; false when it is applied or being applied. */
  boolean claim(String planId) {
    return claimed.add(planId);
  }

  /** Gives {@code planId} back: it was not applied (denied, refused or stopped). */
  void release(String planId) {
    claimed.remove(planId);
  }
}
