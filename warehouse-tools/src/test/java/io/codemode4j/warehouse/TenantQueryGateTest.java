package io.codemode4j.warehouse;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.codemode4j.sql.QueryPolicy;
import io.codemode4j.sql.Tenant;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class TenantQueryGateTest {

  static final QueryPolicy EMEA = QueryPolicy.forTenant(Tenant.of("emea"), 10);
  static final QueryPolicy APAC = QueryPolicy.forTenant(Tenant.of("apac"), 10);
  static final QueryPolicy EVERY_ROW = QueryPolicy.unscoped(10);
  static final Duration SHORT = Duration.ofMillis(20);

  @Test
  void enter_tenantAtItsLimit_timesOutSayingWhyWhileOthersGoOn() throws Exception {
    TenantQueryGate gate = new TenantQueryGate(2);
    try (TenantQueryGate.Permit one = gate.enter(EMEA, SHORT);
        TenantQueryGate.Permit two = gate.enter(EMEA, SHORT)) {

      assertThatThrownBy(() -> gate.enter(EMEA, SHORT))
          .isInstanceOfSatisfying(
              WarehouseException.class,
              e -> assertThat(e.kind()).isEqualTo(WarehouseException.Kind.TIMEOUT))
          .hasMessage(
              "waited 20 ms for one of the 2 queries this tenant may run at once"
                  + " (maxConcurrentQueriesPerTenant): run fewer queries at once");
      try (TenantQueryGate.Permit other = gate.enter(APAC, SHORT);
          TenantQueryGate.Permit reader = gate.enter(EVERY_ROW, SHORT)) {
        assertThat(other).isNotNull();
        assertThat(reader).isNotNull();
      }
    }
    try (TenantQueryGate.Permit again = gate.enter(EMEA, SHORT)) {
      assertThat(again).isNotNull();
    }
  }

  @Test
  void enter_waitingTenant_getsThePlaceOnceOneIsGivenBack() throws Exception {
    TenantQueryGate gate = new TenantQueryGate(1);
    TenantQueryGate.Permit held = gate.enter(EMEA, SHORT);
    CompletableFuture<TenantQueryGate.Permit> waiting =
        CompletableFuture.supplyAsync(
            () -> {
              try {
                return gate.enter(EMEA, Duration.ofMinutes(1));
              } catch (WarehouseException e) {
                throw new IllegalStateException(e);
              }
            });

    held.close();

    waiting.get().close();
  }

  @Test
  void enter_interruptedWhileWaiting_isInterruptedAndKeepsTheFlag() throws Exception {
    TenantQueryGate gate = new TenantQueryGate(1);
    try (TenantQueryGate.Permit held = gate.enter(EMEA, SHORT)) {
      Thread.currentThread().interrupt();
      assertThatThrownBy(() -> gate.enter(EMEA, Duration.ofMinutes(1)))
          .isInstanceOfSatisfying(
              WarehouseException.class,
              e -> assertThat(e.kind()).isEqualTo(WarehouseException.Kind.INTERRUPTED));
      assertThat(Thread.interrupted()).isTrue();
    }
  }

  @ParameterizedTest
  @ValueSource(ints = {0, -1})
  void new_limitBelowOne_isRefused(int limit) {
    assertThatThrownBy(() -> new TenantQueryGate(limit))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("maxConcurrentQueriesPerTenant must be at least 1, was " + limit);
  }
}
