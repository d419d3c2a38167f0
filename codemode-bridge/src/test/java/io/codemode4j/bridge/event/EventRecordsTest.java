package io.codemode4j.bridge.event;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.codemode4j.bridge.outcome.CallStatus;
import io.codemode4j.bridge.outcome.FailureKind;
import io.codemode4j.bridge.outcome.Limit;
import io.codemode4j.bridge.tool.ToolFailure;
import java.time.Duration;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The event records refuse facts that contradict each other. */
class EventRecordsTest {

  private static final Instant T = Instant.parse("2026-12-01T10:00:00Z");

  private static CallEnded ended(
      CallStatus status, ToolFailure.Kind kind, Instant startedAt, Duration duration) {
    return new CallEnded(
        "run",
        "pass",
        "pass:1",
        "t.echo",
        "echo",
        status,
        kind,
        kind == null ? null : "why",
        CallAuthorization.NOT_ASKED,
        null,
        T,
        startedAt,
        duration);
  }

  @Test
  void callEnded_consistentFacts_areKept() {
    assertThat(ended(CallStatus.SUCCEEDED, null, T, Duration.ofMillis(3)).duration())
        .isEqualTo(Duration.ofMillis(3));
    assertThat(ended(CallStatus.FAILED, ToolFailure.Kind.REFUSED, null, Duration.ZERO).startedAt())
        .isNull();
    assertThat(ended(CallStatus.NOT_STARTED, null, null, Duration.ZERO).status())
        .isEqualTo(CallStatus.NOT_STARTED);
  }

  @Test
  void callEnded_failureKindWithoutFailure_isRefused() {
    assertThatThrownBy(() -> ended(CallStatus.SUCCEEDED, ToolFailure.Kind.FAILED, T, Duration.ZERO))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> ended(CallStatus.FAILED, null, T, Duration.ZERO))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void callEnded_startContradictingTheStatus_isRefused() {
    assertThatThrownBy(() -> ended(CallStatus.UNCERTAIN, null, null, Duration.ZERO))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("uncertain call must have started");
    assertThatThrownBy(() -> ended(CallStatus.NOT_STARTED, null, T, Duration.ZERO))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(
            () -> ended(CallStatus.FAILED, ToolFailure.Kind.REFUSED, null, Duration.ofMillis(1)))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void callEnded_failureMessageWithoutAFailureKind_isRefused() {
    assertThatThrownBy(
            () ->
                new CallEnded(
                    "run",
                    "pass",
                    "pass:1",
                    "t.echo",
                    "echo",
                    CallStatus.SUCCEEDED,
                    null,
                    "why",
                    CallAuthorization.NOT_ASKED,
                    null,
                    T,
                    T,
                    Duration.ZERO))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("failure message is given exactly with a failure kind");
  }

  @Test
  void callEnded_deniedButNotUnauthorized_isRefused() {
    assertThatThrownBy(
            () ->
                new CallEnded(
                    "run",
                    "pass",
                    "pass:1",
                    "t.echo",
                    "echo",
                    CallStatus.FAILED,
                    ToolFailure.Kind.REFUSED,
                    "why",
                    CallAuthorization.DENIED,
                    null,
                    T,
                    null,
                    Duration.ZERO))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("denied call fails unauthorized");
  }

  @Test
  void passStarted_tenant_isCopiedAndMayBeAbsent() {
    Set<String> keys = new HashSet<>(Set.of("emea"));
    PassStarted confined = new PassStarted("run", "pass", "call", "run_javascript", "ana", keys, T);
    keys.add("apac");

    assertThat(confined.tenant()).containsExactly("emea");
    assertThat(new PassStarted("run", "pass", "call", "run_javascript", "ana", null, T).tenant())
        .isNull();
  }

  @Test
  void passEnded_limitWithoutALimitFailure_isRefused() {
    assertThatThrownBy(
            () ->
                new PassEnded(
                    "run",
                    "pass",
                    "call",
                    "run_javascript",
                    T,
                    Duration.ZERO,
                    FailureKind.TIMEOUT,
                    Limit.MAX_LOG_BYTES,
                    List.of()))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void passEnded_report_carriesTheOutcomeAndLimit() {
    PassEnded ended =
        new PassEnded(
            "run",
            "pass",
            "call",
            "run_javascript",
            T,
            Duration.ofMillis(5),
            FailureKind.LIMIT,
            Limit.MAX_LOG_BYTES,
            List.of());

    assertThat(ended.report().failure()).isEqualTo(FailureKind.LIMIT);
    assertThat(ended.report().limit()).isEqualTo(Limit.MAX_LOG_BYTES);
    assertThat(ended.ok()).isFalse();
  }
}
