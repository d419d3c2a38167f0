package io.codemode4j.mcp.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.codemode4j.bridge.Principal;
import io.codemode4j.mcp.Grant;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class KeptSessionsTest {

  static final Duration SWEEP = Duration.ofMinutes(30);
  static final Grant EMEA = Grant.of(Principal.ofTenant("emea-analyst", Set.of("emea")));
  static final Grant APAC = Grant.of(Principal.ofTenant("apac-analyst", Set.of("apac")));

  final AtomicLong now = new AtomicLong();
  final KeptSessions sessions = new KeptSessions(SWEEP, 2, now::get);

  @Test
  void mayStart_atTheMost_isRefusedForThatGrantOnly() {
    sessions.started(EMEA, "a");
    sessions.started(EMEA, "b");

    assertThat(sessions.mayStart(EMEA)).isFalse();
    assertThat(sessions.mayStart(APAC)).isTrue();
  }

  @Test
  void mayStart_afterASessionEnded_isAllowedAgain() {
    sessions.started(EMEA, "a");
    sessions.started(EMEA, "b");

    sessions.ended(EMEA, "a");

    assertThat(sessions.mayStart(EMEA)).isTrue();
    assertThat(sessions.held(EMEA)).isEqualTo(1);
  }

  @Test
  void mayStart_sessionIdleForTwoSweeps_isCountedAsEnded() {
    sessions.started(EMEA, "a");
    sessions.started(EMEA, "b");
    now.addAndGet(SWEEP.toNanos());
    sessions.touched(EMEA, "b");

    now.addAndGet(SWEEP.toNanos() + 1);

    assertThat(sessions.mayStart(EMEA)).isTrue();
    assertThat(sessions.held(EMEA)).isEqualTo(1);
  }

  @Test
  void mayStart_idleForLessThanTwoSweeps_stillCounts() {
    sessions.started(EMEA, "a");
    sessions.started(EMEA, "b");

    now.addAndGet(SWEEP.multipliedBy(2).toNanos());

    assertThat(sessions.mayStart(EMEA)).isFalse();
  }

  @Test
  void touched_sessionNeverStarted_isNotCounted() {
    sessions.touched(EMEA, "forged");
    sessions.ended(APAC, "forged");

    assertThat(sessions.held(EMEA)).isZero();
    assertThat(sessions.held(APAC)).isZero();
  }

  @Test
  void constructor_maxBelowOne_isRefused() {
    assertThatThrownBy(() -> new KeptSessions(SWEEP, 0, now::get))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("max must be at least 1, was 0");
  }
}
