package io.codemode4j.warehouse;

import static io.codemode4j.warehouse.Programs.UNCONFINED;
import static io.codemode4j.warehouse.Programs.js;
import static io.codemode4j.warehouse.Programs.rejection;
import static io.codemode4j.warehouse.Programs.result;
import static org.assertj.core.api.Assertions.assertThat;

import io.codemode4j.bridge.CodeMode;
import io.codemode4j.bridge.Principal;
import io.codemode4j.bridge.outcome.CallRecord;
import io.codemode4j.bridge.outcome.CallStatus;
import io.codemode4j.bridge.outcome.FailureKind;
import io.codemode4j.bridge.outcome.PassFailure;
import io.codemode4j.bridge.outcome.PassOutcome;
import io.codemode4j.bridge.outcome.PassSuccess;
import io.codemode4j.bridge.tool.ExecutionClass;
import io.codemode4j.bridge.tool.Tool;
import io.codemode4j.sql.QueryPolicy;
import io.codemode4j.warehouse.billing.BillingSample;
import io.codemode4j.warehouse.billing.BillingTools;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The four tools through real Code Mode passes (GraalJS) on the bundled data (DuckDB), unconfined.
 */
class WarehouseToolsIT {

  /** A join that DuckDB cannot finish quickly: 150k x 150k candidate pairs. */
  static final String SLOW_SQL =
      "SELECT count(*) AS n FROM invoice_lines a JOIN invoice_lines b ON a.quantity + b.quantity < a.line_no";

  private static Warehouse warehouse;
  private static CodeMode codeMode;

  @BeforeAll
  static void open() throws WarehouseException {
    warehouse = BillingSample.open(TestWarehouse.sampleDir(), TestWarehouse.cacheRoot());
    codeMode = Programs.codeMode(warehouse);
  }

  @AfterAll
  static void close() {
    codeMode.close();
    warehouse.close();
  }

  @Test
  void installInto_builder_exposesFourReadonlyMethods() throws WarehouseException {
    assertThat(codeMode.methods())
        .containsExactly(
            "warehouse.query", "warehouse.tables", "billing.customers", "billing.invoices");
    assertThat(
            java.util.stream.Stream.concat(
                WarehouseTools.of(warehouse).methods().values().stream(),
                BillingTools.of(warehouse).methods().values().stream()))
        .extracting(tool -> tool.spec().executionClass())
        .containsOnly(ExecutionClass.READONLY);
  }

  @Test
  void query_description_teachesTheTablesColumnsAndJsonTyping() throws WarehouseException {
    Tool query = WarehouseTools.of(warehouse).query();
    String description = query.spec().description();
    assertThat(description)
        .contains(
            "- customers (one row per customer): customer_id VARCHAR, name VARCHAR",
            "region VARCHAR ('emea' | 'americas' | 'apac')",
            "amount_cents BIGINT (US cents)",
            "- invoice_summary (view over the invoices that are not void",
            "revenue DECIMAL(18,2)",
            "DECIMAL and SUM of integers are strings with the exact digits",
            "(DuckDB dialect) on the billing warehouse",
            "cancelled and rejects with kind 'timeout'",
            "10s");
    assertThat(query.spec().success().get("properties").get("rows").get("description").asString())
        .contains(
            "DECIMAL, HUGEINT (SUM of an integer column), UHUGEINT, UBIGINT and wider integers: strings"
                + " with the exact digits",
            "DATE: \"YYYY-MM-DD\"");
    JsonNode maxRows = query.spec().parameters().get("properties").get("maxRows");
    assertThat(maxRows.get("minimum").asInt()).isEqualTo(1);
    assertThat(maxRows.get("maximum").asInt()).isEqualTo(WarehouseTools.MAX_ROWS);
    assertThat(query.spec().parameters().get("properties").get("sql").get("description").asString())
        .isEqualTo("One SELECT in DuckDB SQL over the tables of the description.");
    assertThat(codeMode.tool().description())
        .contains("query(args: {", "Promise<{", "truncated: boolean;");
  }

  @Test
  void query_readmeQuestion_returnsExactlyTheWarehouseJsonContract() throws Exception {
    String sql =
        "SELECT region, SUM(revenue) AS total FROM invoice_summary GROUP BY region ORDER BY total DESC";

    JsonNode answer =
        result(codeMode, "async () => warehouse.query({sql: " + js(sql) + "})", UNCONFINED);

    assertThat(answer).isEqualTo(warehouse.query(sql, warehouse.unscoped()).toJson());
    assertThat(answer.get("columns").get(1).get("type").asString()).isEqualTo("DECIMAL(38,2)");
    assertThat(answer.get("rows").get(0).get("total").isString()).isTrue();
  }

  @Test
  void query_maxRows_capsTheRowsAndSetsTruncated() {
    JsonNode answer =
        result(
            codeMode,
            "async () => warehouse.query({sql: 'SELECT invoice_id, issued_on, amount_cents FROM invoices ORDER BY invoice_id', maxRows: 3})",
            UNCONFINED);

    assertThat(answer.get("rowCount").asInt()).isEqualTo(3);
    assertThat(answer.get("truncated").asBoolean()).isTrue();
    assertThat(answer.get("rows").get(0).get("invoice_id").asString()).isEqualTo("INV-0000001");
    assertThat(answer.get("rows").get(0).get("issued_on").asString()).isEqualTo("2023-01-01");
    assertThat(answer.get("rows").get(0).get("amount_cents").isIntegralNumber()).isTrue();
  }

  @Test
  void query_refusedSql_rejectsWithACatchableRefusal() {
    JsonNode caught =
        result(
            codeMode,
            """
        async () => {
          try {
            await warehouse.query({sql: 'SELECT * FROM payroll'});
            return 'not refused';
          } catch (e) {
            return {kind: e.kind, tool: e.tool, message: e.message, frozen: Object.isFrozen(e)};
          }
        }""",
            UNCONFINED);

    assertThat(caught.get("kind").asString()).isEqualTo("refused");
    assertThat(caught.get("tool").asString()).isEqualTo("warehouse.query");
    assertThat(caught.get("message").asString())
        .contains(
            "TABLE_NOT_ALLOWED",
            "table 'payroll' is not allowlisted (allowed: customers, invoice_lines");
    assertThat(caught.get("frozen").asBoolean()).isTrue();
  }

  @Test
  void query_uncaughtRefusal_endsThePassAsThrownWithTheCallFailed() {
    PassFailure failure =
        Programs.failure(
            codeMode.run(
                "async () => warehouse.query({sql: 'DELETE FROM invoices'})",
                Programs.run(UNCONFINED)));

    assertThat(failure.kind()).isEqualTo(FailureKind.THROWN);
    assertThat(failure.thrown().get("kind").asString()).isEqualTo("refused");
    assertThat(failure.calls())
        .singleElement()
        .satisfies(
            call -> {
              assertThat(call.status()).isEqualTo(CallStatus.FAILED);
              assertThat(call.failureKind()).isEqualTo("refused");
            });
  }

  @Test
  void query_databaseError_rejectsAsFailedWithTheDatabaseMessage() {
    JsonNode caught =
        rejection(
            codeMode,
            "warehouse.query({sql: 'SELECT CAST(name AS INTEGER) AS n FROM customers'})",
            UNCONFINED);

    assertThat(caught.get("kind").asString()).isEqualTo("failed");
    assertThat(caught.get("message").asString()).contains("Conversion Error");
  }

  @Test
  void query_slowerThanTheQueryTimeout_rejectsAsTimeout() throws WarehouseException {
    try (CodeMode quick =
        WarehouseTools.of(warehouse, Duration.ofMillis(300))
            .installInto(CodeMode.builder())
            .build()) {
      JsonNode caught =
          rejection(quick, "warehouse.query({sql: " + js(SLOW_SQL) + "})", UNCONFINED);

      assertThat(caught.get("kind").asString()).isEqualTo("timeout");
      assertThat(caught.get("message").asString()).contains("300ms");
    }
  }

  @Test
  void query_slowerThanThePassWallTime_endsThePassAsTimeoutWithTheCallUncertain() {
    // An uncertain call is one the pass ended without waiting for: the pass ended at its wall
    // time while the query ran. How soon is the benchmarks' concern.
    PassFailure failure =
        Programs.failure(
            codeMode.run(
                "async () => warehouse.query({sql: " + js(SLOW_SQL) + "})",
                Programs.run(UNCONFINED).withRemainingTime(Duration.ofMillis(500))));

    assertThat(failure.kind()).isEqualTo(FailureKind.TIMEOUT);
    assertThat(failure.calls())
        .singleElement()
        .extracting(CallRecord::status)
        .isEqualTo(CallStatus.UNCERTAIN);
    // The interrupted handler cancelled its statement: the pool serves the next pass at once.
    assertThat(
            result(
                    codeMode,
                    "async () => warehouse.query({sql: 'SELECT count(*) AS n FROM customers'})",
                    UNCONFINED)
                .get("rows")
                .get(0)
                .get("n")
                .asInt())
        .isEqualTo(500);
  }

  @Test
  void tables_returnsTheAllowlistedRelationsWithTheirColumns() throws Exception {
    JsonNode answer = result(codeMode, "async () => warehouse.tables()", UNCONFINED);

    assertThat(answer).isEqualTo(Programs.JSON.valueToTree(warehouse.tables()));
    assertThat(answer)
        .extracting(t -> t.get("name").asString())
        .containsExactly("customers", "invoice_lines", "invoice_summary", "invoices");
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      nullValues = "-",
      textBlock =
          """
      {}                                          | -        | -
      {region: 'emea'}                            | emea     | -
      {segment: 'smb'}                            | -        | smb
      {region: 'apac', segment: 'enterprise'}     | apac     | enterprise
      {segment: 'mid-market', region: 'americas'} | americas | mid-market
      """)
  void customers_filter_returnsTheMatchingCustomersOrderedByName(
      String filter, String region, String segment) throws Exception {
    JsonNode answer = result(codeMode, "async () => billing.customers(" + filter + ")", UNCONFINED);

    List<ObjectNode> expected =
        warehouse
            .query("SELECT * FROM customers", QueryPolicy.unscoped(10_000), Duration.ofSeconds(10))
            .rows()
            .stream()
            .filter(c -> region == null || c.get("region").asString().equals(region))
            .filter(c -> segment == null || c.get("segment").asString().equals(segment))
            .sorted(Comparator.comparing((ObjectNode c) -> c.get("name").asString()))
            .toList();
    assertThat(expected).isNotEmpty();
    assertThat(answer).hasSize(expected.size());
    for (int i = 0; i < expected.size(); i++) {
      ObjectNode want = expected.get(i);
      JsonNode got = answer.get(i);
      assertThat(got.propertyNames())
          .containsExactly("customerId", "name", "region", "segment", "country");
      assertThat(
              List.of(
                  got.get("customerId").asString(),
                  got.get("name").asString(),
                  got.get("region").asString(),
                  got.get("segment").asString(),
                  got.get("country").asString()))
          .containsExactly(
              want.get("customer_id").asString(),
              want.get("name").asString(),
              want.get("region").asString(),
              want.get("segment").asString(),
              want.get("country").asString());
    }
  }

  @Test
  void invoices_knownCustomer_returnsAllItsInvoicesOldestFirst() throws Exception {
    JsonNode answer =
        result(codeMode, "async () => billing.invoices({customer: 'Acme'})", UNCONFINED);

    List<ObjectNode> expected =
        warehouse
            .query(
                "SELECT * FROM invoices WHERE customer_id = 'C0001'",
                QueryPolicy.unscoped(10_000),
                Duration.ofSeconds(10))
            .rows()
            .stream()
            .sorted(
                Comparator.comparing((ObjectNode i) -> i.get("issued_on").asString())
                    .thenComparing(i -> i.get("invoice_id").asString()))
            .toList();
    assertThat(expected).hasSizeGreaterThan(100);
    assertThat(answer).hasSize(expected.size());
    for (int i = 0; i < expected.size(); i++) {
      ObjectNode want = expected.get(i);
      JsonNode got = answer.get(i);
      assertThat(got.propertyNames())
          .containsExactly("invoiceId", "issuedOn", "dueOn", "paidOn", "status", "amountCents");
      assertThat(got.get("invoiceId")).isEqualTo(want.get("invoice_id"));
      assertThat(got.get("issuedOn")).isEqualTo(want.get("issued_on"));
      assertThat(got.get("dueOn")).isEqualTo(want.get("due_on"));
      assertThat(got.get("paidOn")).isEqualTo(want.get("paid_on"));
      assertThat(got.get("status")).isEqualTo(want.get("status"));
      assertThat(got.get("amountCents").isIntegralNumber()).isTrue();
      assertThat(got.get("amountCents").asLong()).isEqualTo(want.get("amount_cents").asLong());
    }
    assertThat(answer).anySatisfy(i -> assertThat(i.get("paidOn").isNull()).isTrue());
    assertThat(answer.get(0).get("issuedOn").asString()).matches("\\d{4}-\\d{2}-\\d{2}");
  }

  @ParameterizedTest
  @ValueSource(
      strings = {"Nobody Inc", "acme", "Acme ", "x' OR '1'='1", "Acme' OR c.name <> '", "Acme'--"})
  void invoices_nameOfNoCustomer_rejectsAsRefusedNamingIt(String name) {
    JsonNode caught =
        rejection(codeMode, "billing.invoices({customer: " + js(name) + "})", UNCONFINED);

    assertThat(caught.get("kind").asString()).isEqualTo("refused");
    assertThat(caught.get("tool").asString()).isEqualTo("billing.invoices");
    assertThat(caught.get("message").asString())
        .isEqualTo(
            "no customer named '"
                + name
                + "' (names are exact and case-sensitive; billing.customers() lists them)");
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
      warehouse.query({})                                      | required property 'sql'
      warehouse.query({sql: ''})                               | sql
      warehouse.query({sql: 42})                               | sql
      warehouse.query({sql: 'SELECT 1', maxRows: 0})           | maxRows
      warehouse.query({sql: 'SELECT 1', maxRows: 10001})       | maxRows
      warehouse.query({sql: 'SELECT 1', maxRows: 2.5})         | maxRows
      warehouse.query({sql: 'SELECT 1', limit: 5})             | limit
      warehouse.tables({all: true})                            | all
      billing.customers({region: 'mars'})                      | region
      billing.customers({segment: 'SMB'})                      | segment
      billing.customers({region: null})                        | region
      billing.invoices({})                                     | required property 'customer'
      billing.invoices({customer: ''})                         | customer
      billing.invoices({customer: 'Acme\\n'})                  | customer
      billing.invoices({customer: 'A'.repeat(201)})            | customer
      billing.invoices({customer: ['Acme']})                   | customer
      """)
  void call_argumentsOutsideTheSchema_rejectAsInvalidArguments(String call, String named) {
    PassOutcome outcome =
        codeMode.run(
            "async () => { try { await " + call + "; return null; } catch (e) { return e; } }",
            Programs.run(UNCONFINED));

    JsonNode caught = ((PassSuccess) outcome).result();
    assertThat(caught.get("kind").asString()).isEqualTo("invalid_arguments");
    assertThat(caught.get("message").asString()).contains(named);
    assertThat(outcome.calls())
        .singleElement()
        .satisfies(
            c -> {
              assertThat(c.failureKind()).isEqualTo("invalid_arguments");
              assertThat(c.duration()).isZero();
            });
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "warehouse.query({sql: 'SELECT 1 AS one'})",
        "billing.customers()",
        "billing.invoices({customer: 'Acme'})"
      })
  void call_principalWhoseTenantIsNotRegions_isUnauthorized(String call) {
    Principal odd = Principal.ofTenant("odd", Set.of("EMEA"));

    JsonNode caught = rejection(codeMode, call, odd);

    assertThat(caught.get("kind").asString()).isEqualTo("unauthorized");
    assertThat(caught.get("message").asString())
        .contains("principal 'odd'", "tenant key value 'EMEA' is not valid");
  }
}
