package io.codemode4j.warehouse;

import static io.codemode4j.warehouse.Programs.EMEA;
import static io.codemode4j.warehouse.Programs.UNCONFINED;
import static io.codemode4j.warehouse.Programs.js;
import static io.codemode4j.warehouse.Programs.rejection;
import static io.codemode4j.warehouse.Programs.result;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.codemode4j.bridge.CodeMode;
import io.codemode4j.bridge.tool.Tool;
import io.codemode4j.sql.Tenant;
import io.codemode4j.warehouse.billing.BillingTrino;
import io.codemode4j.warehouse.trino.TestTrino;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * warehouse.query end to end through Code Mode programs on the real Trino cluster ({@link
 * TestTrino}), as a host opens it ({@link BillingTrino#open}): the JSON typing rules hold on
 * Trino's types, a tenant principal's queries run as its own Trino user, and what Trino lacks is
 * refused saying what Trino takes.
 */
class TrinoWarehouseIT {

  private static Warehouse warehouse;
  private static CodeMode codeMode;

  @BeforeAll
  static void open() throws WarehouseException {
    warehouse = TestTrino.warehouse();
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
                        + " first_day, CAST(sum(amount_cents) AS DECIMAL(38,0)) * 0.01 AS dollars,"
                        + " avg(amount_cents) AS mean, CAST(min(issued_on) AS TIMESTAMP) AS at,"
                        + " current_timestamp AS zoned, TIME '10:11:12.5' AS clock"
                        + " FROM invoices GROUP BY region ORDER BY region")
                + "})).rows",
            UNCONFINED);

    assertThat(answer).hasSize(3);
    JsonNode americas = answer.get(0);
    assertThat(americas.get("region").asString()).isEqualTo("americas");
    assertThat(americas.get("n").isIntegralNumber()).isTrue();
    assertThat(americas.get("cents").isIntegralNumber()).as("bigint: a number").isTrue();
    assertThat(americas.get("dollars").asString()).matches("\\d+\\.\\d{2}");
    assertThat(new BigDecimal(americas.get("dollars").asString()).movePointRight(2))
        .isEqualByComparingTo(BigDecimal.valueOf(americas.get("cents").asLong()));
    assertThat(americas.get("mean").isDouble()).as("double: a number").isTrue();
    assertThat(americas.get("first_day").asString()).matches("\\d{4}-\\d{2}-\\d{2}");
    assertThat(americas.get("at").asString()).matches("\\d{4}-\\d{2}-\\d{2}T00:00:00(\\.0+)?");
    assertThat(americas.get("clock").asString()).isEqualTo("10:11:12.5");
    assertThat(americas.get("zoned").asString())
        .as("timestamp with time zone: with its offset")
        .matches("\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?(Z|[+-]\\d{2}:\\d{2})");
  }

  @Test
  void query_forATenantPrincipal_returnsOnlyItsRowsFromItsTrinoUserAndTheFilter() {
    JsonNode answer =
        result(
            codeMode,
            "async () => (await warehouse.query({sql: 'SELECT DISTINCT region FROM invoice_summary'}))"
                + ".rows",
            EMEA);

    assertThat(answer).hasSize(1);
    assertThat(answer.get(0).get("region").asString()).isEqualTo("emea");
  }

  @Test
  void query_forATenant_runsAsTheTenantsTrinoUser() throws Exception {
    String marker = "marker-" + System.nanoTime();
    warehouse.query(
        "SELECT '" + marker + "' AS m, count(*) AS n FROM invoices",
        warehouse.forTenant(Tenant.of("apac", "emea")));
    warehouse.query(
        "SELECT '" + marker + "' AS m, count(*) AS n FROM invoices", warehouse.unscoped());

    List<String> users = new ArrayList<>();
    try (var owner = TestTrino.connect(TestTrino.OWNER);
        var s = owner.createStatement();
        var rs =
            s.executeQuery(
                "SELECT \"user\" FROM system.runtime.queries WHERE query LIKE '%"
                    + marker
                    + "%' AND query NOT LIKE '%system.runtime%' ORDER BY created")) {
      while (rs.next()) {
        users.add(rs.getString(1));
      }
    }

    assertThat(users)
        .containsExactly(TestTrino.tenantUser(Tenant.of("apac", "emea")), TestTrino.ANALYST);
  }

  @Test
  void query_duckDbOnlySyntax_rejectsRefusedSayingWhatTrinoTakes() {
    JsonNode caught =
        rejection(
            codeMode,
            "warehouse.query({sql: \"SELECT region FROM customers WHERE name ILIKE 'a%'\"})",
            UNCONFINED);

    assertThat(caught.get("kind").asString()).isEqualTo("refused");
    assertThat(caught.get("message").asString())
        .contains("ILIKE is not supported by Trino", "lower(status) LIKE");
  }

  @Test
  void query_dateComparedWithAString_rejectsWithTrinosOwnMessage() {
    JsonNode caught =
        rejection(
            codeMode,
            "warehouse.query({sql: \"SELECT count(*) AS n FROM invoices WHERE issued_on >= '2024-01-01'\"})",
            UNCONFINED);

    assertThat(caught.get("kind").asString()).isEqualTo("failed");
    assertThat(caught.get("message").asString()).contains("Cannot apply operator");
  }

  @Test
  void description_namesTheDialectAndItsTyping() throws WarehouseException {
    Tool query = WarehouseTools.of(warehouse).query();

    assertThat(query.spec().description())
        .contains("(Trino dialect)", "SUM of integers is bigint, a number");
    assertThat(query.spec().success().get("properties").get("rows").get("description").asString())
        .contains("date_diff('day', a, b)", "x / y is always a double", "sum(cents) * 0.01")
        .doesNotContain("HUGEINT (SUM of an integer column)");
  }

  @Test
  void open_tenantUsersWithAUserInTheUrl_isRefusedSayingToGiveItSeparately() {
    assertThatThrownBy(
            () ->
                BillingTrino.open(
                    TestTrino.url() + "?user=analyst",
                    null,
                    null,
                    1024 * 1024,
                    TestTrino::tenantUser,
                    null))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("remove user= and password= from the URL");
  }

  @Test
  void open_urlWithoutCatalogAndSchema_isRefusedSayingWhatToWrite() {
    assertThatThrownBy(
            () -> BillingTrino.open("jdbc:trino://127.0.0.1:1/hive", null, null, 1024 * 1024))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("jdbc:trino://127.0.0.1:8080/hive/billing");
  }

  @Test
  void open_unreachableServer_failsWithoutEchoingThePassword() {
    String secret = "pw-" + System.nanoTime();
    WarehouseException failure =
        catchThrowableOfType(
            WarehouseException.class,
            () ->
                BillingTrino.open(
                    "jdbc:trino://127.0.0.1:1/hive/billing?SSL=true&password=" + secret,
                    "analyst",
                    secret,
                    1024 * 1024));

    assertThat(failure).isNotNull();
    assertThat(failure.getMessage()).contains("jdbc:trino://127.0.0.1:1/hive/billing");
    Throwable cause = failure;
    while (cause != null) {
      assertThat(String.valueOf(cause.getMessage())).doesNotContain(secret);
      cause = cause.getCause();
    }
  }
}
