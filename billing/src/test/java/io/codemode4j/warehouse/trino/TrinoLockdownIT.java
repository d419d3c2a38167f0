package io.codemode4j.warehouse.trino;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.codemode4j.sql.Tenant;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Trino's own lockdown ({@link TrinoLockdown}, as {@link TestTrino} runs it) with the allowlist
 * bypassed: the analyst users speak plain trino-jdbc to a real coordinator and worker, and Trino
 * alone refuses writes, foreign catalogs, schemas and tables, session changes and other tenants'
 * rows, also through the error side channel. Row counts are checked against the same parquet read
 * by DuckDB.
 */
class TrinoLockdownIT {

  private static final Path SAMPLE = TestTrino.sampleDir();
  private static final String EMEA = TestTrino.tenantUser(Tenant.of("emea"));
  private static final List<String> REGIONS = List.of("emea", "apac", "americas");

  @Test
  void cluster_runsACoordinatorAndAWorker_bothActive() throws Exception {
    List<String> nodes = new ArrayList<>();
    try (Connection c = TestTrino.connect(TestTrino.OWNER);
        Statement s = c.createStatement();
        ResultSet rs =
            s.executeQuery(
                "SELECT node_id, coordinator FROM system.runtime.nodes WHERE state = 'active'"
                    + " ORDER BY node_id")) {
      while (rs.next()) {
        nodes.add(rs.getString(1) + ":" + rs.getBoolean(2));
      }
    }
    assertThat(nodes).containsExactly("coordinator:true", "worker:false");
  }

  static Stream<Arguments> writes() {
    List<String> statements =
        List.of(
            "INSERT INTO hive.billing.customers (customer_id) VALUES ('x')",
            "DELETE FROM hive.billing.invoices",
            "UPDATE hive.billing.invoices SET status = 'paid'",
            "DROP TABLE hive.billing.invoices",
            "CREATE TABLE hive.billing.stolen (x integer)",
            "CREATE TABLE hive.billing.stolen AS SELECT * FROM hive.billing.invoices",
            "ALTER TABLE hive.billing.invoices RENAME TO gone",
            "CREATE VIEW hive.billing.everything AS SELECT * FROM hive.billing.invoices",
            "CREATE SCHEMA hive.mine",
            "DROP SCHEMA hive.billing CASCADE",
            "GRANT SELECT ON hive.billing.invoices TO USER analyst_apac",
            "CALL hive.system.drop_stats('billing', 'invoices')");
    return Stream.of(TestTrino.ANALYST, EMEA)
        .flatMap(user -> statements.stream().map(sql -> Arguments.of(user, sql)));
  }

  @ParameterizedTest(name = "{0}: {1}")
  @MethodSource("writes")
  void write_asAnalyst_isDeniedByTrino(String user, String sql) {
    assertDenied(user, sql);
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(
      strings = {
        "SELECT * FROM hive.billing.payroll",
        "SELECT * FROM hive.billing.invoice_lines_source",
        "SELECT * FROM system.runtime.queries",
        "SELECT * FROM system.runtime.nodes",
        "SELECT * FROM system.runtime.tasks",
        "SELECT * FROM system.metadata.table_properties",
        "SELECT * FROM system.runtime.transactions",
        "SELECT * FROM hive.billing.\"invoices$properties\"",
        "SELECT * FROM hive.billing.\"payroll$properties\"",
      })
  void read_outsideTheGrants_isDeniedByTrino(String sql) throws Exception {
    for (String user : List.of(TestTrino.ANALYST, EMEA)) {
      try (Connection c = TestTrino.connect(user);
          Statement s = c.createStatement()) {
        assertThatThrownBy(() -> s.executeQuery(sql).close())
            .as(user + ": " + sql)
            .isInstanceOf(SQLException.class)
            .hasMessageContaining("Access Denied");
      }
    }
  }

  @Test
  void informationSchema_asAnalyst_listsOnlyTheAllowlistedRelations() throws Exception {
    for (String user : List.of(TestTrino.ANALYST, EMEA)) {
      assertThat(
              strings(
                  user,
                  "SELECT table_schema || '.' || table_name FROM hive.information_schema.tables"
                      + " WHERE table_schema <> 'information_schema' ORDER BY 1"))
          .as(user)
          .containsExactly(
              "billing.customers",
              "billing.invoice_lines",
              "billing.invoice_lines_by_region",
              "billing.invoice_summary",
              "billing.invoices");
      assertThat(strings(user, "SHOW CATALOGS")).as(user).containsExactly("hive", "system");
      assertThat(
              strings(
                  user,
                  "SELECT DISTINCT table_cat || '.' || table_schem || '.' || table_name"
                      + " FROM system.jdbc.columns WHERE table_schem <> 'information_schema'"
                      + " ORDER BY 1"))
          .as(user + ": JDBC metadata")
          .containsExactly(
              "hive.billing.customers",
              "hive.billing.invoice_lines",
              "hive.billing.invoice_lines_by_region",
              "hive.billing.invoice_summary",
              "hive.billing.invoices",
              "system.jdbc.catalogs",
              "system.jdbc.columns",
              "system.jdbc.schemas",
              "system.jdbc.tables");
    }
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(
      strings = {
        "SET SESSION query_max_execution_time = '1000d'",
        "SET SESSION resource_overcommit = true",
        "SET SESSION query_max_total_memory = '100GB'",
        "SET SESSION hive.parquet_use_column_names = false",
        "SET SESSION hive.parquet_ignore_statistics = true",
      })
  void setSession_asAnalyst_isDeniedByTrino(String sql) {
    // The driver keeps SET SESSION client-side until the next query carries it: run one after.
    assertDenied(EMEA, sql + ";SELECT count(*) FROM hive.billing.invoices");
  }

  @Test
  void setSessionAuthorization_toTheWriter_isDeniedByTrino() throws Exception {
    try (Connection c = TestTrino.connect(EMEA);
        Statement s = c.createStatement()) {
      assertThatThrownBy(
              () -> {
                s.execute("SET SESSION AUTHORIZATION writer");
                s.executeQuery("SELECT count(*) FROM hive.billing.payroll").close();
              })
          .isInstanceOf(SQLException.class)
          .hasMessageContaining("Access Denied");
    }
  }

  static Stream<Arguments> tenantTables() {
    return REGIONS.stream()
        .flatMap(
            r ->
                Stream.of(
                    Arguments.of(
                        r, "customers", "SELECT count(*) FROM %s WHERE region = '" + r + "'"),
                    Arguments.of(
                        r, "invoices", "SELECT count(*) FROM %s WHERE region = '" + r + "'"),
                    Arguments.of(
                        r,
                        "invoice_lines",
                        "SELECT count(*) FROM %s l WHERE l.invoice_id IN (SELECT invoice_id FROM "
                            + duck("invoices")
                            + " WHERE region = '"
                            + r
                            + "')")));
  }

  @ParameterizedTest(name = "{0}: {1}")
  @MethodSource("tenantTables")
  void tenantUser_countsOnlyItsRegionsRows_asDuckDbReadsTheParquet(
      String region, String table, String duckCount) throws Exception {
    long expected = duckLong(duckCount.formatted(duck(table)));
    assertThat(expected).isPositive();

    long seen =
        Long.parseLong(
            strings(
                    TestTrino.tenantUser(Tenant.of(region)),
                    "SELECT count(*) FROM hive.billing." + table)
                .get(0));

    assertThat(seen).isEqualTo(expected);
    assertThat(
            Long.parseLong(
                strings(TestTrino.ANALYST, "SELECT count(*) FROM hive.billing." + table).get(0)))
        .isEqualTo(duckLong("SELECT count(*) FROM " + duck(table)));
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"emea", "apac", "americas"})
  void tenantUser_summaryAndRegions_holdOnlyItsRegion(String region) throws Exception {
    String user = TestTrino.tenantUser(Tenant.of(region));
    assertThat(
            strings(
                user,
                "SELECT DISTINCT region FROM (SELECT region FROM hive.billing.customers"
                    + " UNION ALL SELECT region FROM hive.billing.invoices"
                    + " UNION ALL SELECT region FROM hive.billing.invoice_summary)"))
        .containsExactly(region);
    assertThat(
            strings(
                user,
                "SELECT CAST(sum(invoice_count) AS varchar) FROM hive.billing.invoice_summary"))
        .containsExactly(
            Long.toString(
                duckLong(
                    "SELECT count(*) FROM "
                        + duck("invoices")
                        + " WHERE status <> 'void' AND region = '"
                        + region
                        + "'")));
  }

  /**
   * The error side channel, per relation: a probe that fails on one row, named by its key, and
   * counts the relation otherwise; it errors exactly when the row is among those Trino lets the
   * user read. {@code key} and {@code text} are a key column and a text column of the relation,
   * {@code firstOfRegion} DuckDB's query of a region's least key over the same parquet.
   */
  record Probe(String relation, String key, String text, String firstOfRegion) {

    String sql(String value) {
      return "SELECT count(*) FROM hive.billing."
          + relation
          + " WHERE CAST(CASE WHEN "
          + key
          + " = '"
          + value
          + "' THEN "
          + text
          + " ELSE '1' END AS INTEGER) = 1";
    }

    /** The least key of the region's rows, as DuckDB reads the parquet. */
    String first(String region) throws SQLException {
      return duckString(firstOfRegion.formatted(region));
    }

    @Override
    public String toString() {
      return relation;
    }
  }

  static Stream<Probe> probes() {
    return Stream.of(
        new Probe(
            "customers",
            "customer_id",
            "name",
            "SELECT min(customer_id) FROM " + duck("customers") + " WHERE region = '%s'"),
        new Probe(
            "invoices",
            "invoice_id",
            "status",
            "SELECT min(invoice_id) FROM " + duck("invoices") + " WHERE region = '%s'"),
        new Probe(
            "invoice_lines",
            "invoice_id",
            "product",
            "SELECT min(i.invoice_id) FROM "
                + duck("invoices")
                + " i JOIN "
                + duck("invoice_lines")
                + " l USING (invoice_id) WHERE i.region = '%s'"),
        new Probe(
            "invoice_summary",
            "customer",
            "customer",
            "SELECT min(c.name) FROM "
                + duck("customers")
                + " c JOIN "
                + duck("invoices")
                + " i USING (customer_id) WHERE i.status <> 'void' AND c.region = '%s'"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("probes")
  void sideChannel_probeOfAnotherTenantsRow_answersAsIfTheRowDidNotExist(Probe probe)
      throws Exception {
    for (String user : List.of(EMEA, TestTrino.tenantUser(Tenant.of("apac", "emea")))) {
      long own =
          Long.parseLong(
              strings(user, "SELECT count(*) FROM hive.billing." + probe.relation()).get(0));

      assertThat(strings(user, probe.sql(probe.first("americas"))))
          .as(user)
          .containsExactly(Long.toString(own));
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("probes")
  void sideChannel_probeOfOwnRow_errors_soTheProbeItselfIsReal(Probe probe) throws Exception {
    assertThatThrownBy(() -> strings(EMEA, probe.sql(probe.first("emea"))))
        .isInstanceOf(SQLException.class)
        .hasMessageContaining("Cannot cast");
    assertThatThrownBy(() -> strings(TestTrino.ANALYST, probe.sql(probe.first("americas"))))
        .isInstanceOf(SQLException.class)
        .hasMessageContaining("Cannot cast");
  }

  private static void assertDenied(String user, String sql) {
    assertThatThrownBy(
            () -> {
              try (Connection c = TestTrino.connect(user);
                  Statement s = c.createStatement()) {
                for (String part : sql.split(";")) {
                  s.execute(part);
                }
              }
            })
        .as(user + ": " + sql)
        .isInstanceOf(SQLException.class)
        .hasMessageContaining("Access Denied");
  }

  private static List<String> strings(String user, String sql) throws SQLException {
    List<String> out = new ArrayList<>();
    try (Connection c = TestTrino.connect(user);
        Statement s = c.createStatement();
        ResultSet rs = s.executeQuery(sql)) {
      while (rs.next()) {
        out.add(rs.getString(1));
      }
    }
    return out;
  }

  private static String duck(String table) {
    return "read_parquet('" + SAMPLE.resolve(table + ".parquet") + "')";
  }

  private static String duckString(String sql) throws SQLException {
    try (Connection c = DriverManager.getConnection("jdbc:duckdb:");
        Statement s = c.createStatement();
        ResultSet rs = s.executeQuery(sql)) {
      rs.next();
      return rs.getString(1);
    }
  }

  private static long duckLong(String sql) throws SQLException {
    try (Connection c = DriverManager.getConnection("jdbc:duckdb:");
        Statement s = c.createStatement();
        ResultSet rs = s.executeQuery(sql)) {
      rs.next();
      return rs.getLong(1);
    }
  }
}
