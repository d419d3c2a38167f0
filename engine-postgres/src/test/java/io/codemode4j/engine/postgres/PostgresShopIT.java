package io.codemode4j.engine.postgres;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.codemode4j.sql.Tenant;
import io.codemode4j.sql.TenantScope;
import io.codemode4j.warehouse.QueryResult;
import io.codemode4j.warehouse.ShopDomain;
import io.codemode4j.warehouse.Warehouse;
import io.codemode4j.warehouse.WarehouseException;
import io.codemode4j.warehouse.config.WarehouseConnection;
import io.codemode4j.warehouse.config.WarehouseDescription;
import io.codemode4j.warehouse.config.WarehouseDescriptions;
import io.codemode4j.warehouse.engine.CatalogTable;
import io.codemode4j.warehouse.engine.DescribedWarehouse;
import io.codemode4j.warehouse.engine.DescribedWarehouses;
import io.codemode4j.warehouse.engine.DescriptionDraft;
import io.codemode4j.warehouse.engine.EngineOpening;
import io.codemode4j.warehouse.engine.TenantUserTemplate;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import org.assertj.core.groups.Tuple;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The engine on its own test server ({@link PostgresTestServer}) over a schema the project never
 * shipped ({@link ShopDomain}): its catalog drafts a description that loads as written, the
 * described warehouse answers the shop's figures to the cent, a store's role reads only its store,
 * and the reader the lockdown makes cannot write whatever reaches the server, even after lifting
 * its read-only default.
 */
class PostgresShopIT {

  private static final String DATABASE = "shop_engine";
  private static final String READER = "shop_engine_reader";
  private static final String PASSWORD = "shop-engine-pw";

  @TempDir static Path dir;

  @BeforeAll
  static void shop() throws Exception {
    try (Connection admin = PostgresTestServer.superuser("postgres");
        Statement sql = admin.createStatement()) {
      sql.execute("DROP DATABASE IF EXISTS " + DATABASE);
      sql.execute("CREATE DATABASE " + DATABASE);
    }
    try (Connection owner = PostgresTestServer.superuser(DATABASE);
        Statement sql = owner.createStatement()) {
      sql.execute("CREATE SCHEMA shop");
      ShopDomain.create(owner, "shop.", true, true);
      Map<String, TenantScope> scopes = ShopDomain.scopes();
      PostgresLockdown lockdown =
          new PostgresLockdown(DATABASE, "shop", scopes, Warehouse.DEFAULT_QUERY_TIMEOUT);
      lockdown.applyReader(owner, READER, PASSWORD);
      for (String store : ShopDomain.STORES) {
        lockdown.applyTenant(owner, Tenant.of(store), role(store), PASSWORD);
      }
      // Misconfigured roles of east, as a hand-written setup could leave them: one whose policies
      // read north's rows, one whose order lines' policy forgot the orders they belong to.
      lockdown.applyTenant(owner, Tenant.of("north"), "other_east", PASSWORD);
      lockdown.applyTenant(owner, Tenant.of("east"), "lines_east", PASSWORD);
      sql.execute("DROP POLICY codemode_lines_east ON shop.order_lines");
      sql.execute(
          "CREATE POLICY codemode_lines_east ON shop.order_lines FOR SELECT TO lines_east"
              + " USING (true)");
    }
  }

  @Test
  void catalog_asTheReader_listsTheShopWithItsCommentsAndKeys() throws Exception {
    List<CatalogTable> catalog =
        new PostgresEngine().catalog(connection(null), credentials(), dir.resolve("cache"));

    assertThat(catalog)
        .extracting(CatalogTable::name)
        .containsExactlyInAnyOrderElementsOf(ShopDomain.TABLES);
    assertThat(catalog)
        .filteredOn(table -> table.name().equals("orders"))
        .singleElement()
        .satisfies(
            orders -> assertThat(orders.comment()).isEqualTo("one row per order of a store"));
  }

  @Test
  void draft_openedAsWritten_answersEachStoresRevenueToTheCent() throws Exception {
    try (DescribedWarehouse opened = open(null)) {
      assertThat(opened.tenantValues()).containsExactlyElementsOf(ShopDomain.STORES);
      Warehouse warehouse = opened.warehouse();
      QueryResult result =
          warehouse.query(
              "SELECT store, sum(total_cents) AS cents FROM orders WHERE status <> 'returned'"
                  + " GROUP BY store ORDER BY store",
              warehouse.unscoped());
      assertThat(result.rows())
          .extracting(row -> row.get("store").asString(), row -> row.get("cents").asLong())
          .containsExactly(
              ShopDomain.STORES.stream()
                  .map(store -> Tuple.tuple(store, ShopDomain.revenueCents(store)))
                  .toArray(Tuple[]::new));
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"east", "north", "south"})
  void tenantRole_readsOnlyItsStoreThroughEveryTable(String store) throws Exception {
    try (DescribedWarehouse opened = open(role(TenantUserTemplate.PLACEHOLDER))) {
      Warehouse warehouse = opened.warehouse();
      var policy = warehouse.forTenant(Tenant.of(store));
      QueryResult orders =
          warehouse.query(
              "SELECT count(*) AS n,"
                  + " sum(CASE WHEN status <> 'returned' THEN total_cents ELSE 0 END) AS cents"
                  + " FROM orders",
              policy);
      QueryResult lines =
          warehouse.query(
              "SELECT count(*) AS n FROM order_lines l JOIN orders o ON o.order_id = l.order_id",
              policy);

      assertThat(orders.rows().getFirst().get("n").asLong())
          .isEqualTo(ShopDomain.orderCount(store));
      assertThat(orders.rows().getFirst().get("cents").asLong())
          .isEqualTo(ShopDomain.revenueCents(store));
      assertThat(lines.rows().getFirst().get("n").asLong()).isEqualTo(ShopDomain.lineCount(store));
    }
    // The server confines the role itself, whatever SQL reaches it.
    try (Connection tenant =
            DriverManager.getConnection(PostgresTestServer.url(DATABASE), role(store), PASSWORD);
        Statement sql = tenant.createStatement();
        var rs = sql.executeQuery("SELECT count(DISTINCT store) FROM shop.orders")) {
      rs.next();
      assertThat(rs.getLong(1)).isEqualTo(1);
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"east", "north", "south"})
  void tenantProblem_tenantRoleConfinedByTheServer_isNone(String store) throws Exception {
    try (DescribedWarehouse opened = open(role(TenantUserTemplate.PLACEHOLDER))) {
      assertThat(opened.tenantProblem(Tenant.of(store), "--tenant")).isNull();
    }
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          other_{tenant} | orders      | its store is none of east
          lines_{tenant} | order_lines | its order_id names no row of orders that is east's
          """)
  void tenantProblem_tenantRoleReadingAForeignRow_isRefusedNamingTheTableAndTheFix(
      String template, String table, String why) throws Exception {
    try (DescribedWarehouse opened = open(template)) {
      String problem = opened.tenantProblem(Tenant.of("east"), "--tenant");

      assertThat(problem)
          .startsWith("--tenant cannot be served: the database does not confine")
          .contains("they read a row of " + table + " that is not its own (" + why + ")")
          .contains("row-level security")
          .contains("Tenancy on a server database");
      // The first query of the tenant is refused the same way, and nothing of it runs.
      Warehouse warehouse = opened.warehouse();
      assertThatThrownBy(
              () -> warehouse.query("SELECT count(*) FROM orders", warehouse.forTenant(east())))
          .isInstanceOfSatisfying(
              WarehouseException.class,
              e -> assertThat(e.kind()).isEqualTo(WarehouseException.Kind.NOT_CONFINED));
      // The reader is served as before.
      assertThat(warehouse.query("SELECT count(*) AS n FROM stores", warehouse.unscoped()).rows())
          .singleElement()
          .satisfies(row -> assertThat(row.get("n").asLong()).isEqualTo(ShopDomain.STORES.size()));
    }
  }

  private static Tenant east() {
    return Tenant.of("east");
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "INSERT INTO shop.orders VALUES (-1, 'east', 'x', DATE '2024-01-01', 1, 'placed')",
        "UPDATE shop.products SET name = 'x'",
        "CREATE TABLE shop.mine (x int)",
        "CREATE TEMPORARY TABLE mine (x int)"
      })
  void reader_writeReachingTheServer_isRefusedByItsGrants(String statement) throws SQLException {
    try (Connection reader =
            DriverManager.getConnection(PostgresTestServer.url(DATABASE), READER, PASSWORD);
        Statement sql = reader.createStatement()) {
      // The lockdown makes the role's transactions read-only by default, a setting any session may
      // lift: the grants are what must hold.
      sql.execute("SET default_transaction_read_only = off");
      assertThatThrownBy(() -> sql.execute(statement))
          .isInstanceOf(SQLException.class)
          .hasMessageContaining("permission denied");
    }
  }

  /**
   * Every session the engine opens bounds a sort's or hash's memory, whatever role the URL names:
   * here the superuser, which no lockdown touched.
   */
  @Test
  void pool_anyRole_startsItsSessionsWithTheEnginesWorkMem() throws Exception {
    com.zaxxer.hikari.HikariConfig config =
        new PostgresEngine()
            .pool(PostgresTestServer.url(DATABASE), PostgresTestServer.SUPERUSER, "");
    try (com.zaxxer.hikari.HikariDataSource pool = new com.zaxxer.hikari.HikariDataSource(config);
        Connection session = pool.getConnection();
        Statement sql = session.createStatement();
        java.sql.ResultSet shown = sql.executeQuery("SHOW work_mem")) {
      shown.next();
      assertThat(shown.getString(1)).isEqualTo(PostgresEngine.WORK_MEM);
    }
  }

  /**
   * The draft init would write for the reader, loaded as written and opened; with {@code
   * tenantUser}, each tenant's queries run as that role of the tenant's.
   */
  private static DescribedWarehouse open(@Nullable String tenantUser) throws Exception {
    WarehouseConnection reader = connection(null);
    List<CatalogTable> catalog =
        new PostgresEngine().catalog(reader, credentials(), dir.resolve("cache"));
    String draft =
        DescriptionDraft.yaml(
            reader, catalog, new DescriptionDraft.Options("the shop", List.of(), "store"), dir);
    WarehouseDescription description = WarehouseDescriptions.parse(draft, "shop.yaml", dir, false);
    return DescribedWarehouses.open(
        description.withConnection(connection(tenantUser)), credentials(), dir.resolve("cache"));
  }

  private static WarehouseConnection connection(@Nullable String tenantUser) {
    return new WarehouseConnection.Jdbc(
        PostgresTestServer.url(DATABASE), READER, null, "shop", tenantUser, null);
  }

  private static EngineOpening.Credentials credentials() {
    return new EngineOpening.Credentials(READER, PASSWORD, PASSWORD);
  }

  private static String role(String store) {
    return "shop_engine_" + store;
  }
}
