package io.codemode4j.warehouse;

import static io.codemode4j.warehouse.Programs.UNCONFINED;
import static io.codemode4j.warehouse.Programs.js;
import static io.codemode4j.warehouse.Programs.rejection;
import static io.codemode4j.warehouse.Programs.result;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.codemode4j.bridge.CodeMode;
import io.codemode4j.bridge.tool.Tool;
import io.codemode4j.sql.QueryPolicy;
import io.codemode4j.sql.Tenant;
import io.codemode4j.warehouse.billing.BillingPostgres;
import io.codemode4j.warehouse.postgres.PostgresWarehouses;
import io.codemode4j.warehouse.postgres.TestPostgres;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * warehouse.query end to end through Code Mode programs on the embedded PostgreSQL: what only
 * PostgreSQL has (its typing, its refusals, its connection settings); what every engine shares runs
 * in the backend suite ({@link Backend}).
 */
class PostgresWarehouseIT {

  private static Warehouse warehouse;
  private static CodeMode codeMode;

  @BeforeAll
  static void open() throws WarehouseException {
    warehouse = PostgresWarehouses.open();
    codeMode = Programs.codeMode(warehouse);
  }

  @AfterAll
  static void close() {
    codeMode.close();
    warehouse.close();
  }

  @Test
  void query_fromAProgram_typesIntegersAsNumbersExactDecimalsAsStringsAndDatesAsDates() {
    JsonNode answer =
        result(
            codeMode,
            "async () => (await warehouse.query({sql: "
                + js(
                    "SELECT region, count(*) AS n, sum(amount_cents) AS cents, min(issued_on) AS"
                        + " first_day, CAST(sum(amount_cents) AS DECIMAL(38,0)) * 0.01 AS dollars"
                        + " FROM invoices GROUP BY region ORDER BY region")
                + "})).rows",
            UNCONFINED);

    assertThat(answer).hasSize(3);
    JsonNode americas = answer.get(0);
    assertThat(americas.get("region").asString()).isEqualTo("americas");
    assertThat(americas.get("n").isIntegralNumber()).isTrue();
    assertThat(americas.get("cents").isString()).as("numeric: exact digits").isTrue();
    assertThat(americas.get("dollars").asString()).matches("\\d+\\.\\d{2}");
    assertThat(new java.math.BigDecimal(americas.get("dollars").asString()).movePointRight(2))
        .isEqualByComparingTo(americas.get("cents").asString());
    assertThat(americas.get("first_day").asString()).matches("\\d{4}-\\d{2}-\\d{2}");
  }

  @Test
  void query_duckDbOnlyFunction_rejectsRefusedSayingWhatPostgresTakes() {
    JsonNode caught =
        rejection(
            codeMode,
            "warehouse.query({sql: 'SELECT region FROM invoices GROUP BY ALL'})",
            UNCONFINED);

    assertThat(caught.get("kind").asString()).isEqualTo("refused");
    assertThat(caught.get("message").asString())
        .contains("not supported by PostgreSQL", "GROUP BY 1, 2");
  }

  @Test
  void description_namesTheDialectAndItsTyping() throws WarehouseException {
    Tool query = WarehouseTools.of(warehouse).query();

    assertThat(query.spec().description())
        .contains("(PostgreSQL dialect)", "NUMERIC (SUM of BIGINT, AVG of integers)")
        .contains("amount_cents int8 (US cents)");
    assertThat(query.spec().success().get("properties").get("rows").get("description").asString())
        .contains("SUM of an int4 column is int8 (a number)")
        .doesNotContain("HUGEINT (SUM of an integer column)");
  }

  /**
   * Everything the query tool tells a model on PostgreSQL (its description with the notes, its
   * input and output schemas) names no type, clause or engine that is DuckDB's alone.
   */
  @Test
  void description_onPostgres_makesNoDuckDbOnlyClaim() throws WarehouseException {
    Tool query = WarehouseTools.of(warehouse).query();
    String told =
        query.spec().description()
            + query.spec().parameters().toString()
            + query.spec().success().toString();

    assertThat(
            Stream.of(
                    "HUGEINT",
                    "UHUGEINT",
                    "UBIGINT",
                    "TINYINT",
                    "STRUCT",
                    "LIST ",
                    "MAP ",
                    "BLOB",
                    "QUALIFY",
                    "DuckDB")
                .filter(told::contains))
        .as(told)
        .isEmpty();
  }

  @Test
  void open_urlWithCredentials_readsThroughTheReadOnlyPool() throws Exception {
    try (Warehouse fromUrl =
        BillingPostgres.open(
            TestPostgres.url()
                + "?user="
                + TestPostgres.READER
                + "&password="
                + TestPostgres.PASSWORD,
            null,
            null,
            TestPostgres.SCHEMA,
            Warehouse.DEFAULT_MAX_RESULT_BYTES)) {
      QueryResult regions =
          fromUrl.query("SELECT count(DISTINCT region) AS n FROM customers", fromUrl.unscoped());

      assertThat(regions.rows().get(0).get("n").asLong()).isEqualTo(3);
      assertThat(fromUrl.allowlist().dialect().name()).isEqualTo("PostgreSQL");
    }
  }

  /**
   * A user per tenant really runs the tenant's queries: {@code paid_emea} is a tenant role whose
   * row-level security reads only emea's paid invoices, so emea's filtered query through it counts
   * those, where emea has more; {@code tenant_emea}, emea's own role, counts them all. The reader
   * alone, with no user per tenant, refuses emea's queries. {@code probe_emea}, a role whose
   * policies read apac's rows, is refused before any of emea's queries runs, and the reader still
   * answers.
   */
  @Test
  void open_tenantUsers_runEachTenantsQueriesAsItsRoleOnceProvenConfined() throws Exception {
    long paid;
    long filtered;
    try (Connection admin = TestPostgres.connect("postgres");
        Statement sql = admin.createStatement()) {
      paid = TestPostgres.emeaProbeRoles(admin);
      try (ResultSet rs =
          sql.executeQuery(
              "SELECT count(*) FROM " + TestPostgres.SCHEMA + ".invoices WHERE region = 'emea'")) {
        rs.next();
        filtered = rs.getLong(1);
      }
    }
    Tenant emea = Tenant.of("emea");

    try (Warehouse filterAlone =
            BillingPostgres.open(
                TestPostgres.url(),
                TestPostgres.READER,
                TestPostgres.PASSWORD,
                TestPostgres.SCHEMA,
                Warehouse.DEFAULT_MAX_RESULT_BYTES);
        Warehouse probed = openWithTenantUsers("probe_");
        Warehouse paidOnly = openWithTenantUsers("paid_");
        Warehouse own = openWithTenantUsers("tenant_")) {
      WarehouseException unstated =
          catchThrowableOfType(
              WarehouseException.class, () -> count(filterAlone, filterAlone.forTenant(emea)));

      assertThat(unstated.kind()).isEqualTo(WarehouseException.Kind.NOT_CONFINED);
      assertThat(unstated.getMessage()).contains("by row filters alone");
      assertThat(filtered).isPositive();
      assertThat(paid).isBetween(1L, filtered - 1);
      assertThat(count(paidOnly, paidOnly.forTenant(emea))).isEqualTo(paid);
      assertThat(count(own, own.forTenant(emea))).isEqualTo(filtered);
      assertThat(count(own, own.unscoped())).isGreaterThan(filtered);
      WarehouseException refused =
          catchThrowableOfType(
              WarehouseException.class, () -> count(probed, probed.forTenant(emea)));
      assertThat(refused.kind()).isEqualTo(WarehouseException.Kind.NOT_CONFINED);
      assertThat(refused.getMessage())
          .contains("tenant emea")
          .contains("a row of ")
          .doesNotContain(TestPostgres.PASSWORD);
      assertThat(count(probed, probed.unscoped())).isGreaterThan(filtered);
    }
  }

  @Test
  void open_tenantUserThatCannotLogIn_failsThatTenantNamingTheRoleNotThePassword()
      throws Exception {
    try (Warehouse missing = openWithTenantUsers("nobody_")) {
      WarehouseException failure =
          catchThrowableOfType(
              WarehouseException.class,
              () -> missing.query("SELECT 1 AS x", missing.forTenant(Tenant.of("emea"))));

      assertThat(failure).isNotNull();
      assertThat(failure.getMessage())
          .contains("nobody_emea")
          .doesNotContain(TestPostgres.PASSWORD);
      assertThat(missing.query("SELECT 1 AS x", missing.unscoped()).rowCount()).isEqualTo(1);
    }
  }

  @Test
  void open_tenantUsersWithCredentialsInTheUrl_isRefusedBeforeConnecting() {
    assertThat(
            catchThrowableOfType(
                IllegalArgumentException.class,
                () ->
                    BillingPostgres.open(
                        TestPostgres.url() + "?user=analyst&password=" + TestPostgres.PASSWORD,
                        null,
                        null,
                        TestPostgres.SCHEMA,
                        Warehouse.DEFAULT_MAX_RESULT_BYTES,
                        tenant -> "tenant_" + tenant.values().iterator().next(),
                        TestPostgres.PASSWORD)))
        .hasMessageContaining("remove user= and password= from the URL")
        .hasMessageNotContaining(TestPostgres.PASSWORD);
  }

  private static long count(Warehouse warehouse, QueryPolicy policy) throws Exception {
    return warehouse
        .query("SELECT count(*) AS n FROM invoices", policy)
        .rows()
        .get(0)
        .get("n")
        .asLong();
  }

  private static Warehouse openWithTenantUsers(String prefix) throws WarehouseException {
    return BillingPostgres.open(
        TestPostgres.url(),
        TestPostgres.READER,
        TestPostgres.PASSWORD,
        TestPostgres.SCHEMA,
        Warehouse.DEFAULT_MAX_RESULT_BYTES,
        tenant -> prefix + tenant.values().iterator().next(),
        TestPostgres.PASSWORD);
  }

  @Test
  void build_unreachableDatabase_failsWithoutEchoingThePassword() {
    String secret = "pw-" + System.nanoTime();
    WarehouseException failure =
        catchThrowableOfType(
            WarehouseException.class,
            () ->
                Warehouse.builder(warehouse.allowlist())
                    .jdbcUrl(
                        TestPostgres.url()
                            + "_missing?user=analyst&password="
                            + secret
                            + "&readOnly=true&readOnlyMode=always")
                    .build());

    assertThat(failure).isNotNull();
    assertThat(failure.getMessage()).doesNotContain(secret).contains("warehouse_missing");
    Throwable cause = failure;
    while (cause != null) {
      assertThat(String.valueOf(cause.getMessage())).doesNotContain(secret);
      cause = cause.getCause();
    }
  }
}
