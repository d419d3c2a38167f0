package io.codemode4j.warehouse;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.codemode4j.bridge.CodeMode;
import io.codemode4j.bridge.Principal;
import io.codemode4j.bridge.RunContext;
import io.codemode4j.bridge.outcome.PassOutcome;
import io.codemode4j.bridge.outcome.PassSuccess;
import io.codemode4j.engine.duckdb.DuckDbLimits;
import io.codemode4j.engine.duckdb.DuckDbReadOnly;
import io.codemode4j.sql.SqlAllowlist;
import io.codemode4j.sql.SqlRefusedException;
import io.codemode4j.sql.Tenant;
import io.codemode4j.sql.TenantScope;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * A host's own warehouse: its own DuckDB database behind its own {@code DataSource}, its own tables
 * and tenant column, its own notes. Nothing of the billing sample is on the path: the model-facing
 * description names the host's tables, and tenants see their own rows.
 */
class OwnWarehouseIT {

  @TempDir static Path dir;

  private static HikariDataSource hostPool;
  private static Warehouse warehouse;
  private static CodeMode codeMode;

  @BeforeAll
  static void open() throws Exception {
    Path file = dir.resolve("shop.duckdb");
    try (Connection c = DriverManager.getConnection("jdbc:duckdb:" + file);
        Statement s = c.createStatement()) {
      s.execute("CREATE TABLE shops (shop VARCHAR, city VARCHAR)");
      s.execute("INSERT INTO shops VALUES ('north', 'Oslo'), ('south', 'Seville')");
      s.execute("CREATE TABLE orders (order_id INTEGER, shop VARCHAR, total_cents BIGINT)");
      s.execute(
          "INSERT INTO orders VALUES (1, 'north', 1999), (2, 'north', 1), (3, 'south', 500000)");
      s.execute("CREATE TABLE staff_salaries (shop VARCHAR, salary_cents BIGINT)");
      s.execute("INSERT INTO staff_salaries VALUES ('north', 1)");
    }
    HikariConfig config = new HikariConfig();
    config.setJdbcUrl(DuckDbReadOnly.url(file, DuckDbLimits.defaults()));
    config.setMaximumPoolSize(2);
    // DuckDB fixes the access mode per database; HikariCP would otherwise try to set it to false.
    config.setReadOnly(true);
    hostPool = new HikariDataSource(config);

    SqlAllowlist allowlist =
        SqlAllowlist.builder()
            .table("shops", new TenantScope.ByColumn("shop"))
            .table("orders", new TenantScope.ByColumn("shop"))
            .build();
    WarehouseNotes notes =
        WarehouseNotes.about("the shop orders warehouse")
            .withTable("orders", "one row per order")
            .withColumn("orders", "total_cents", "euro cents")
            .withColumn("orders", "no_such_column", "not shown: the database has no such column");
    warehouse =
        Warehouse.builder(allowlist)
            .dataSource(hostPool)
            .notes(notes)
            .confineTenantsByFiltersAlone()
            .build();
    codeMode = WarehouseTools.of(warehouse).installInto(CodeMode.builder()).build();
  }

  @AfterAll
  static void close() {
    codeMode.close();
    warehouse.close();
    hostPool.close();
  }

  @Test
  void description_ownWarehouse_namesItsTablesColumnsAndNotesAndNothingOfBilling()
      throws WarehouseException {
    String description = WarehouseTools.of(warehouse).query().spec().description();
    assertThat(description)
        .contains(
            "(DuckDB dialect) on the shop orders warehouse",
            "- orders (one row per order): order_id INTEGER, shop VARCHAR, total_cents BIGINT (euro cents)",
            "- shops: shop VARCHAR, city VARCHAR")
        .doesNotContainIgnoringCase("billing")
        .doesNotContainIgnoringCase("invoice")
        .doesNotContain("region", "no_such_column", "staff_salaries");
    assertThat(codeMode.declarations())
        .contains(
            "- orders (one row per order): order_id INTEGER", "- shops: shop VARCHAR, city VARCHAR")
        .doesNotContainIgnoringCase("billing")
        .doesNotContainIgnoringCase("invoice");
  }

  @Test
  void query_tenantOfTheOwnColumn_seesOnlyItsRows() {
    Principal north = Principal.ofTenant("north-manager", Set.of("north"));
    JsonNode rows =
        result(
            codeMode,
            """
            async () => (await warehouse.query({sql:
              "SELECT s.city, sum(o.total_cents) AS cents, count(*) AS n FROM orders o JOIN shops s ON s.shop = o.shop GROUP BY s.city"
            })).rows""",
            north);
    assertThat(rows).hasSize(1);
    assertThat(rows.get(0).get("city").asString()).isEqualTo("Oslo");
    assertThat(rows.get(0).get("cents").asString()).isEqualTo("2000");
    assertThat(rows.get(0).get("n").asInt()).isEqualTo(2);
  }

  /**
   * Without connections of each tenant's own and without the host saying so, row filters alone do
   * not confine a tenant: its queries are refused, the program learns only that, the host the fix.
   */
  @Test
  void query_tenantOnFiltersTheHostDidNotChoose_isRefusedAndTheReaderServed() throws Exception {
    try (Warehouse unstated =
            Warehouse.builder(warehouse.allowlist()).dataSource(hostPool).build();
        CodeMode tools = WarehouseTools.of(unstated).installInto(CodeMode.builder()).build()) {
      Principal north = Principal.ofTenant("north-manager", Set.of("north"));

      WarehouseException refused =
          catchThrowableOfType(
              WarehouseException.class,
              () ->
                  unstated.query(
                      "SELECT count(*) AS n FROM orders", unstated.forTenant(Tenant.of("north"))));
      JsonNode caught =
          result(
              tools,
              "async () => { try { await warehouse.query({sql: 'SELECT count(*) AS n FROM orders'});"
                  + " return null; } catch (e) { return e; } }",
              north);

      assertThat(refused.kind()).isEqualTo(WarehouseException.Kind.NOT_CONFINED);
      assertThat(refused.getMessage())
          .contains("tenant north by row filters alone")
          .contains("Warehouse.Builder.tenantDataSources")
          .contains("Warehouse.Builder.confineTenantsByFiltersAlone()");
      assertThat(caught.get("kind").asString()).isEqualTo("failed");
      assertThat(caught.get("message").asString())
          .contains("refuses this tenant's queries")
          .doesNotContain("Builder");
      assertThat(unstated.query("SELECT count(*) AS n FROM orders", unstated.unscoped()).rows())
          .singleElement()
          .satisfies(row -> assertThat(row.get("n").asLong()).isEqualTo(3));
    }
  }

  @Test
  void query_tenantWhereNoTableIsKeyed_isServedEveryRow() throws Exception {
    SqlAllowlist shared = SqlAllowlist.builder().table("shops", new TenantScope.Shared()).build();
    try (Warehouse catalog = Warehouse.builder(shared).dataSource(hostPool).build()) {
      assertThat(
              catalog
                  .query("SELECT count(*) AS n FROM shops", catalog.forTenant(Tenant.of("north")))
                  .rows())
          .singleElement()
          .satisfies(row -> assertThat(row.get("n").asLong()).isEqualTo(2));
    }
  }

  @Test
  void query_tableTheHostDidNotAllowlist_isRefusedNamingTheAllowedOnes() {
    JsonNode caught =
        result(
            codeMode,
            "async () => { try { await warehouse.query({sql: 'SELECT * FROM staff_salaries'});"
                + " return null; } catch (e) { return e; } }",
            Principal.unconfined("analyst"));
    assertThat(caught.get("kind").asString()).isEqualTo("refused");
    assertThat(caught.get("message").asString())
        .contains("staff_salaries", "not allowlisted", "orders, shops");
  }

  @Test
  void build_writableDuckDb_isRefusedForItsPoolAndGuardedByTheAllowlistForTheHosts()
      throws Exception {
    Path writable = dir.resolve("writable.duckdb");
    try (Connection c = DriverManager.getConnection("jdbc:duckdb:" + writable);
        Statement s = c.createStatement()) {
      s.execute("CREATE TABLE orders (order_id INTEGER, shop VARCHAR, total_cents BIGINT)");
      s.execute("INSERT INTO orders VALUES (7, 'north', 10)");
    }
    HikariConfig config = new HikariConfig();
    config.setJdbcUrl("jdbc:duckdb:" + writable);
    SqlAllowlist orders =
        SqlAllowlist.builder().table("orders", new TenantScope.ByColumn("shop")).build();
    assertThatThrownBy(() -> Warehouse.builder(orders).hikari(config).build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("must be opened read-only")
        .hasMessageContaining("DuckDbReadOnly.url(");
    // The host's own writable pool is the host's choice: the allowlist still refuses every write.
    try (HikariDataSource writablePool = new HikariDataSource(config);
        Warehouse own = Warehouse.builder(orders).dataSource(writablePool).build()) {
      assertThat(
              own.query("SELECT order_id FROM orders", own.unscoped())
                  .rows()
                  .get(0)
                  .get("order_id")
                  .asInt())
          .isEqualTo(7);
      assertThatThrownBy(() -> own.query("DELETE FROM orders", own.unscoped()))
          .isInstanceOf(SqlRefusedException.class);
    }
    try (Connection c = DriverManager.getConnection("jdbc:duckdb:" + writable);
        Statement s = c.createStatement();
        var rs = s.executeQuery("SELECT count(*) FROM orders")) {
      assertThat(rs.next()).isTrue();
      assertThat(rs.getLong(1)).isEqualTo(1);
    }
  }

  @Test
  void close_warehouseOverTheHostsDataSource_leavesThePoolOpen() throws Exception {
    try (Warehouse second = Warehouse.builder(warehouse.allowlist()).dataSource(hostPool).build()) {
      assertThat(second.query("SELECT count(*) AS n FROM orders", second.unscoped()).rowCount())
          .isEqualTo(1);
    }
    assertThat(hostPool.isClosed()).isFalse();
    try (Connection c = hostPool.getConnection()) {
      assertThat(c.isValid(1)).isTrue();
    }
  }

  /**
   * The value {@code code} returned; fails the test with the whole outcome when the pass failed.
   */
  private static JsonNode result(CodeMode codeMode, String code, Principal principal) {
    PassOutcome outcome = codeMode.run(code, RunContext.of("run-" + UUID.randomUUID(), principal));
    assertThat(outcome).as("outcome of %s", code).isInstanceOf(PassSuccess.class);
    return ((PassSuccess) outcome).result();
  }
}
