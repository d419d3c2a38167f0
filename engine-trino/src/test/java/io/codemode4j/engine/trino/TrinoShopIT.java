package io.codemode4j.engine.trino;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.codemode4j.sql.QueryPolicy;
import io.codemode4j.sql.Tenant;
import io.codemode4j.warehouse.JdbcPools;
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
import io.codemode4j.warehouse.engine.WarehouseEngine;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.assertj.core.groups.Tuple;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The engine on its own test server ({@link TestShopTrino}) over a schema the project never shipped
 * ({@link ShopDomain}), through the engine SPI alone, as {@code codemode init} and a front end
 * reach it: the engine found by its {@code jdbc:trino:} URL, its catalog drafting a description
 * that opens as the team reviews it (the lines through their order, the catalog shared, a Trino
 * user per store), the described warehouse answering the shop's figures to the cent, each store's
 * queries running as its own user and reading its store alone. With the allowlist bypassed (plain
 * trino-jdbc), Trino's own rules still confine a store's user to its store, let the reader read
 * every row, and refuse both any write. Every figure is computed by {@link ShopDomain} in Java.
 *
 * <p>The description keys the lines through their order ({@code ThroughParent}), which the
 * allowlist renders; Trino's lockdown refuses such a scope and confines the lines by the store
 * written beside them instead ({@link ShopTrino}).
 */
class TrinoShopIT {

  private static final EngineOpening.Credentials CREDENTIALS =
      new EngineOpening.Credentials(ShopTrino.READER, null, null);

  @TempDir static Path dir;

  private static DescribedWarehouse shop;

  @BeforeAll
  static void open() throws Exception {
    String draft = draft();
    // What the draft leaves out, the team adds as its comments say: the lines through their order
    // (a hive table declares no foreign key), the shared catalog, and the user each store's queries
    // run as.
    String reviewed =
        draft.replace(
                "connection:\n", "connection:\n  tenantUser: \"" + ShopTrino.STORE_USER + "\"\n")
            + "  order_lines:\n    tenant: {column: order_id, parent: orders}\n"
            + "  products:\n    tenant: shared\n";
    WarehouseDescription description =
        WarehouseDescriptions.parse(reviewed, "shop.yaml", dir, false);
    shop = DescribedWarehouses.open(description, CREDENTIALS, dir.resolve("cache"));
  }

  @AfterAll
  static void close() {
    if (shop != null) {
      shop.close();
    }
  }

  @Test
  void engineFor_trinoUrl_isTheTrinoEngineFoundByServiceLoader() {
    assertThat(DescribedWarehouses.engineFor(connection())).isInstanceOf(TrinoEngine.class);
    assertThat(shop.engine()).isInstanceOf(TrinoEngine.class);
  }

  @Test
  void catalog_asTheReader_listsTheShopsFourRelationsAlone() throws Exception {
    List<CatalogTable> catalog =
        DescribedWarehouses.engineFor(connection())
            .catalog(connection(), CREDENTIALS, dir.resolve("cache"));

    assertThat(catalog)
        .extracting(CatalogTable::name)
        .containsExactlyInAnyOrderElementsOf(ShopDomain.TABLES);
  }

  @Test
  void draft_hiveTablesWithoutKeys_keysEveryTableWithTheColumnAndLeavesTheRestOut()
      throws Exception {
    assertThat(draft())
        .contains("  url: \"" + TestShopTrino.url() + "\"")
        .contains("  user: \"" + ShopTrino.READER + "\"")
        .contains("  orders:\n", "  stores:\n", "    tenant: {column: store}\n")
        // No primary key, so every table keyed by the column lists the tenants.
        .contains("  query: \"SELECT store FROM orders UNION SELECT store FROM stores\"")
        .contains("# Left out: products has no store column");
  }

  @Test
  void open_unscoped_answersEachStoresRevenueToTheCentAndEveryRow() throws Exception {
    Warehouse warehouse = shop.warehouse();

    assertThat(warehouse.allowlist().dialect().name()).isEqualTo("Trino");
    assertThat(warehouse.allowlist().tables())
        .containsExactlyInAnyOrderElementsOf(ShopDomain.TABLES);
    assertThat(shop.tenantValues()).containsExactlyElementsOf(ShopDomain.STORES);
    QueryResult revenue =
        warehouse.query(
            "SELECT store, sum(total_cents) AS cents FROM orders WHERE status <> 'returned'"
                + " GROUP BY store ORDER BY store",
            warehouse.unscoped());
    assertThat(revenue.rows())
        .extracting(row -> row.get("store").asString(), row -> row.get("cents").asLong())
        .containsExactly(
            ShopDomain.STORES.stream()
                .map(store -> Tuple.tuple(store, ShopDomain.revenueCents(store)))
                .toArray(Tuple[]::new));
    assertThat(number(warehouse, "SELECT count(*) AS n FROM orders", warehouse.unscoped()))
        .isEqualTo(ShopDomain.orders().size());
    assertThat(number(warehouse, "SELECT count(*) AS n FROM order_lines", warehouse.unscoped()))
        .isEqualTo(ShopDomain.lines().size());
  }

  @ParameterizedTest
  @ValueSource(strings = {"east", "north", "south"})
  void query_forAStore_answersExactlyItsRowsAsItsOwnTrinoUser(String store) throws Exception {
    Warehouse warehouse = shop.warehouse();
    QueryPolicy policy = warehouse.forTenant(Tenant.of(store));
    String marker = "marker_" + store + "_" + System.nanoTime();

    QueryResult orders =
        warehouse.query(
            "SELECT '"
                + marker
                + "' AS m, count(*) AS n,"
                + " sum(CASE WHEN status <> 'returned' THEN total_cents ELSE 0 END) AS cents"
                + " FROM orders",
            policy);

    assertThat(orders.rows().getFirst().get("n").asLong()).isEqualTo(ShopDomain.orderCount(store));
    assertThat(orders.rows().getFirst().get("cents").asLong())
        .isEqualTo(ShopDomain.revenueCents(store));
    assertThat(number(warehouse, "SELECT count(*) AS n FROM order_lines", policy))
        .isEqualTo(ShopDomain.lineCount(store));
    assertThat(
            number(
                warehouse,
                "SELECT count(*) AS n FROM order_lines l JOIN orders o ON o.order_id = l.order_id",
                policy))
        .isEqualTo(ShopDomain.lineCount(store));
    assertThat(number(warehouse, "SELECT count(*) AS n FROM products", policy))
        .isEqualTo(ShopDomain.products().size());
    assertThat(warehouse.query("SELECT DISTINCT store FROM stores", policy).rows())
        .extracting(row -> row.get("store").asString())
        .containsExactly(store);
    // Trino saw the query as the store's own user, whose row filters confine it as well.
    assertThat(
            strings(
                TestShopTrino.OWNER,
                "SELECT \"user\" FROM system.runtime.queries WHERE query LIKE '%"
                    + marker
                    + "%' AND query NOT LIKE '%system.runtime%'"))
        .containsExactly(ShopTrino.storeUser(store));
  }

  @ParameterizedTest
  @ValueSource(strings = {"east", "north", "south"})
  void storeUser_allowlistBypassed_readsNoOtherStoresRows(String store) throws Exception {
    String user = ShopTrino.storeUser(store);

    assertThat(strings(user, "SELECT DISTINCT store FROM hive.shop.orders")).containsExactly(store);
    assertThat(strings(user, "SELECT store FROM hive.shop.stores")).containsExactly(store);
    assertThat(
            count(
                user,
                "SELECT count(*) FROM hive.shop.orders WHERE store <> '"
                    + store
                    + "' OR store IS NULL"))
        .isZero();
    assertThat(count(user, "SELECT count(*) FROM hive.shop.orders"))
        .isEqualTo(ShopDomain.orderCount(store));
    assertThat(count(user, "SELECT count(*) FROM hive.shop.order_lines"))
        .isEqualTo(ShopDomain.lineCount(store));
    assertThat(strings(user, "SELECT DISTINCT store FROM hive.shop_by_store.order_lines"))
        .containsExactly(store);
    assertThat(
            count(user, "SELECT sum(total_cents) FROM hive.shop.orders WHERE status <> 'returned'"))
        .isEqualTo(ShopDomain.revenueCents(store));
    assertDenied(user, "SELECT count(*) FROM hive.shop_by_store.order_lines_source");
  }

  @Test
  void reader_allowlistBypassed_readsEveryRow() throws Exception {
    String reader = ShopTrino.READER;

    assertThat(count(reader, "SELECT count(*) FROM hive.shop.stores"))
        .isEqualTo(ShopDomain.STORES.size());
    assertThat(count(reader, "SELECT count(*) FROM hive.shop.orders"))
        .isEqualTo(ShopDomain.orders().size());
    assertThat(count(reader, "SELECT count(*) FROM hive.shop.order_lines"))
        .isEqualTo(ShopDomain.lines().size());
    assertThat(count(reader, "SELECT count(*) FROM hive.shop.products"))
        .isEqualTo(ShopDomain.products().size());
    assertThat(
            count(
                reader, "SELECT sum(total_cents) FROM hive.shop.orders WHERE status <> 'returned'"))
        .isEqualTo(ShopDomain.STORES.stream().mapToLong(ShopDomain::revenueCents).sum());
  }

  /**
   * One million distinct numbers: a hash of some tens of megabytes, under the test cluster's
   * per-node limit (256MB) and the engine's default, over a 1MB one.
   */
  private static final String MILLION_DISTINCT =
      "SELECT count(DISTINCT x * 1000 + y) FROM UNNEST(sequence(1, 10000)) AS a(x)"
          + " CROSS JOIN UNNEST(sequence(1, 100)) AS b(y)";

  @Test
  void enginePool_defaultSession_answersAQueryUnderItsMemoryLimit() throws Exception {
    HikariConfig config = new TrinoEngine().pool(TestShopTrino.url(), ShopTrino.READER, null);

    assertThat(firstNumber(config, MILLION_DISTINCT)).isEqualTo(1_000_000L);
  }

  /**
   * The per-node limit, which Trino checks as a task reserves memory. The cluster-wide {@code
   * query_max_memory} is checked by the coordinator's memory manager about once a second, so a
   * query over it may finish first: it is set, not tested here by timing.
   */
  @Test
  void enginePool_urlLoweringThePerNodeMemoryLimit_hasTrinoRefuseAQueryOverIt() {
    String session = "query_max_memory_per_node:1MB";
    String url = TestShopTrino.url() + "?sessionProperties=" + session;
    for (String user : List.of(ShopTrino.READER, ShopTrino.storeUser("north"))) {
      HikariConfig config = new TrinoEngine().pool(url, user, null);

      assertThatThrownBy(() -> firstNumber(config, MILLION_DISTINCT))
          .as(user + " with " + session)
          .isInstanceOf(SQLException.class)
          .hasMessageContaining("memory limit of 1MB");
    }
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "INSERT INTO hive.shop.orders (order_id, store) VALUES (-1, 'east')",
        "DELETE FROM hive.shop.orders",
        "CREATE TABLE hive.shop.mine (x integer)",
        "CREATE OR REPLACE VIEW hive.shop.order_lines AS SELECT * FROM hive.shop.orders",
        "DROP TABLE hive.shop.products"
      })
  void write_reachingTheServer_isRefusedByItsRules(String statement) {
    for (String user : List.of(ShopTrino.READER, ShopTrino.storeUser("north"))) {
      assertDenied(user, statement);
    }
  }

  @Test
  void query_unknownStore_isRefused() throws Exception {
    Warehouse warehouse = shop.warehouse();

    assertThat(shop.tenantProblem(Tenant.of("west"), "--tenant"))
        .isEqualTo(
            "--tenant names a store the data does not have (west): its stores are east, north,"
                + " south");
    // No rule names its user: Trino lets it read nothing.
    assertThatThrownBy(
            () ->
                warehouse.query(
                    "SELECT count(*) AS n FROM orders", warehouse.forTenant(Tenant.of("west"))))
        .isInstanceOf(WarehouseException.class)
        .hasMessageContaining("Access Denied");
  }

  @ParameterizedTest
  @ValueSource(ints = {1, 2, 3})
  void query_wholeNumberKey_comparesNumbersAsTrinoRequires(int lineNo) throws Exception {
    // A tenancy keyed by a whole-number column: its type comes from the catalog, so the filter
    // compares numbers (Trino refuses integer = varchar, which a quoted value would be).
    WarehouseDescription byLineNo =
        WarehouseDescriptions.parse(
            "connection:\n  url: \""
                + TestShopTrino.url()
                + "\"\n"
                + "tenancy: {key: line, values: ['1', '2', '3']}\n"
                + "tables:\n  order_lines: {tenant: {column: line_no}}\n",
            "lines.yaml",
            dir,
            false);
    try (DescribedWarehouse lines =
        DescribedWarehouses.open(byLineNo, CREDENTIALS, dir.resolve("cache"))) {
      Warehouse warehouse = lines.warehouse();
      QueryPolicy policy = warehouse.forTenant(Tenant.of(String.valueOf(lineNo)));

      assertThat(warehouse.allowlist().approve("SELECT * FROM order_lines", policy).sql())
          .contains("IN (" + lineNo + ")");
      // Run as the reader, as Trino takes it: the warehouse itself serves no tenant of a
      // description without a user per tenant (row filters alone do not confine one).
      String counted =
          warehouse.allowlist().approve("SELECT count(*) AS n FROM order_lines", policy).sql();
      assertThat(count(ShopTrino.READER, counted))
          .isEqualTo(ShopDomain.lines().stream().filter(l -> l.lineNo() == lineNo).count());
    }
  }

  /** The draft init would write for the reader. */
  private static String draft() throws WarehouseException {
    WarehouseEngine engine = DescribedWarehouses.engineFor(connection());
    List<CatalogTable> catalog = engine.catalog(connection(), CREDENTIALS, dir.resolve("cache"));
    return DescriptionDraft.yaml(
        connection(),
        catalog,
        new DescriptionDraft.Options("the shop warehouse", List.of(), "store"),
        dir);
  }

  /** The reader's connection: the URL names the catalog and schema, Trino takes no password. */
  private static WarehouseConnection connection() {
    return new WarehouseConnection.Jdbc(
        TestShopTrino.url(), ShopTrino.READER, null, null, null, null);
  }

  private static long number(Warehouse warehouse, String sql, QueryPolicy policy) throws Exception {
    return warehouse.query(sql, policy).rows().getFirst().get("n").asLong();
  }

  private static long firstNumber(HikariConfig config, String sql) throws Exception {
    try (HikariDataSource pool = JdbcPools.open(config);
        Connection c = pool.getConnection();
        Statement s = c.createStatement();
        ResultSet rs = s.executeQuery(sql)) {
      assertThat(rs.next()).isTrue();
      return rs.getLong(1);
    }
  }

  private static long count(String user, String sql) throws SQLException {
    return Long.parseLong(strings(user, sql).getFirst());
  }

  private static void assertDenied(String user, String sql) {
    assertThatThrownBy(
            () -> {
              try (Connection c = TestShopTrino.connect(user);
                  Statement s = c.createStatement()) {
                s.execute(sql);
              }
            })
        .as(user + ": " + sql)
        .isInstanceOf(SQLException.class)
        .hasMessageContaining("Access Denied");
  }

  private static List<String> strings(String user, String sql) throws SQLException {
    List<String> out = new ArrayList<>();
    try (Connection c = TestShopTrino.connect(user);
        Statement s = c.createStatement();
        ResultSet rs = s.executeQuery(sql)) {
      while (rs.next()) {
        out.add(rs.getString(1));
      }
    }
    return out;
  }
}
