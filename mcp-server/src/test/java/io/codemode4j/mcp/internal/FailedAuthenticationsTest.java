package io.codemode4j.mcp.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** The throttle of failed authentications, on a clock the test moves. */
class FailedAuthenticationsTest {

  private final AtomicLong now = new AtomicLong(1_000_000_000L);
  private final FailedAuthentications failures = new FailedAuthentications(now::get);

  private void fail(String client, int times) {
    for (int i = 0; i < times; i++) {
      failures.failed(client, "a bearer token that is not valid");
    }
  }

  private void advance(Duration by) {
    now.addAndGet(by.toNanos());
  }

  @Test
  void retryAfter_belowTheLimit_isZero() {
    fail("10.0.0.1", FailedAuthentications.MAX_FAILURES - 1);

    assertThat(failures.retryAfterSeconds("10.0.0.1")).isZero();
  }

  @Test
  void retryAfter_atTheLimit_isTheRestOfTheWindowRoundedUp() {
    fail("10.0.0.1", FailedAuthentications.MAX_FAILURES);

    assertThat(failures.retryAfterSeconds("10.0.0.1")).isEqualTo(60);
    advance(Duration.ofMillis(20_500));
    assertThat(failures.retryAfterSeconds("10.0.0.1")).isEqualTo(40);
  }

  @Test
  void retryAfter_windowEnded_isZeroAndTheCountStartsAgain() {
    fail("10.0.0.1", FailedAuthentications.MAX_FAILURES);
    advance(FailedAuthentications.WINDOW);

    assertThat(failures.retryAfterSeconds("10.0.0.1")).isZero();
    fail("10.0.0.1", FailedAuthentications.MAX_FAILURES - 1);
    assertThat(failures.retryAfterSeconds("10.0.0.1")).isZero();
  }

  @Test
  void failures_failuresSpreadOverWindows_neverThrottle() {
    for (int window = 0; window < 5; window++) {
      fail("10.0.0.1", FailedAuthentications.MAX_FAILURES - 1);
      advance(FailedAuthentications.WINDOW);
    }

    assertThat(failures.retryAfterSeconds("10.0.0.1")).isZero();
  }

  @Test
  void retryAfter_anotherClient_isNotThrottled() {
    fail("10.0.0.1", FailedAuthentications.MAX_FAILURES);

    assertThat(failures.retryAfterSeconds("10.0.0.2")).isZero();
  }

  @Test
  void failed_manyClients_remembersAtMostTheCap() {
    for (int i = 0; i < FailedAuthentications.MAX_CLIENTS + 500; i++) {
      failures.failed("client-" + i, "no bearer token");
    }

    assertThat(failures.clients()).isLessThanOrEqualTo(FailedAuthentications.MAX_CLIENTS);
    // The newest client is remembered: its failure counts.
    fail("client-" + (FailedAuthentications.MAX_CLIENTS + 499), 9);
    assertThat(failures.retryAfterSeconds("client-" + (FailedAuthentications.MAX_CLIENTS + 499)))
        .isPositive();
  }
}
