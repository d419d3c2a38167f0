package io.codemode4j.warehouse;

import static io.codemode4j.warehouse.Programs.EMEA;
import static io.codemode4j.warehouse.Programs.UNCONFINED;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.codemode4j.bridge.Principal;
import io.codemode4j.bridge.TestTools;
import io.codemode4j.bridge.tool.ToolFailure;
import io.codemode4j.sql.Tenant;
import io.codemode4j.warehouse.billing.BillingSample;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** How each way a query can fail becomes what a tool call reports, on the bundled data. */
class ScopedWarehouseIT {

  private static Warehouse warehouse;
  private static ScopedWarehouse scoped;

  @BeforeAll
  static void open() throws WarehouseException {
    warehouse = BillingSample.open(TestWarehouse.sampleDir(), TestWarehouse.cacheRoot());
    scoped = new ScopedWarehouse(warehouse, Duration.ofMillis(300));
  }

  @AfterAll
  static void close() {
    warehouse.close();
  }

  @Test
  void policy_ofPrincipals_isTheirTenantOrEveryRow() throws ToolFailure {
    assertThat(ScopedWarehouse.policy(UNCONFINED, 10).tenant()).isEmpty();
    assertThat(ScopedWarehouse.policy(EMEA, 10).tenant()).contains(Tenant.of("emea"));
  }

  @Test
  void query_refusedSql_isRefusedWithTheAllowlistsMessage() {
    assertThatThrownBy(() -> scoped.query("SELECT * FROM duckdb_settings()", UNCONFINED, 10))
        .isInstanceOfSatisfying(
            ToolFailure.class,
            f -> {
              assertThat(f.kind()).isEqualTo(ToolFailure.Kind.REFUSED);
              assertThat(f.getMessage()).startsWith("SQL refused (");
            });
  }

  @Test
  void query_pastItsTimeout_isATimeout() {
    assertThatThrownBy(() -> scoped.query(WarehouseToolsIT.SLOW_SQL, UNCONFINED, 10))
        .isInstanceOfSatisfying(
            ToolFailure.class,
            f -> {
              assertThat(f.kind()).isEqualTo(ToolFailure.Kind.TIMEOUT);
              assertThat(f.getMessage()).contains("300ms");
            });
  }

  @Test
  void query_databaseError_failsWithTheDatabasesFirstLine() {
    assertThatThrownBy(
            () -> scoped.query("SELECT CAST(name AS INTEGER) AS n FROM customers", UNCONFINED, 10))
        .isInstanceOfSatisfying(
            ToolFailure.class,
            f -> {
              assertThat(f.kind()).isEqualTo(ToolFailure.Kind.FAILED);
              assertThat(f.getMessage()).startsWith("Conversion Error");
            });
  }

  @Test
  void query_callerInterrupted_throwsInterruptedException() throws Exception {
    ScopedWarehouse patient = new ScopedWarehouse(warehouse, Duration.ofMinutes(1));
    AtomicReference<Throwable> thrown = new AtomicReference<>();
    Thread caller =
        Thread.ofVirtual()
            .start(
                () -> {
                  try {
                    patient.query(WarehouseToolsIT.SLOW_SQL, UNCONFINED, 10);
                  } catch (Exception e) {
                    thrown.set(e);
                  }
                });
    TestWarehouse.awaitWaitingForItsQuery(caller);
    caller.interrupt();
    caller.join(TestTools.PATIENCE);

    assertThat(caller.isAlive()).isFalse();
    assertThat(thrown.get())
        .isInstanceOf(InterruptedException.class)
        .hasCauseInstanceOf(WarehouseException.class);
  }

  @Test
  void query_unavailableWarehouse_failsWithoutNamingHostDetails() throws Exception {
    Warehouse closed = BillingSample.open(TestWarehouse.sampleDir(), TestWarehouse.cacheRoot());
    closed.close();

    assertThatThrownBy(
            () ->
                new ScopedWarehouse(closed, Duration.ofSeconds(1))
                    .query("SELECT 1 AS one", UNCONFINED, 1))
        .isInstanceOfSatisfying(
            ToolFailure.class,
            f -> {
              assertThat(f.kind()).isEqualTo(ToolFailure.Kind.FAILED);
              assertThat(f.getMessage())
                  .isEqualTo(
                      "the warehouse is unavailable right now (the host's log has the details); try again later");
            });
  }

  @Test
  void query_principalWithNonRegionTenant_isUnauthorizedBeforeAnySql() {
    Principal odd = Principal.ofTenant("odd", Set.of("emea", "Robert'); DROP"));

    assertThatThrownBy(() -> scoped.query("SELECT 1 AS one", odd, 1))
        .isInstanceOfSatisfying(
            ToolFailure.class,
            f -> {
              assertThat(f.kind()).isEqualTo(ToolFailure.Kind.UNAUTHORIZED);
              assertThat(f.getMessage()).contains("principal 'odd'", "such as emea");
            });
  }

  @Test
  void new_invalidTimeout_isRefusedNamingIt() {
    assertThatThrownBy(() -> new ScopedWarehouse(warehouse, Duration.ZERO))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("query timeout must be above 0");
  }
}
