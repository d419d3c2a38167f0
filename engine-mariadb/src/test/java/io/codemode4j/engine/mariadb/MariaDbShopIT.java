package io.codemode4j.engine.mariadb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.codemode4j.sql.QueryPolicy;
import io.codemode4j.sql.SqlRefusedException;
import io.codemode4j.sql.Tenant;
import io.codemode4j.sql.dialect.Advice;
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
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A warehouse the project has never seen ({@link ShopDomain}: stores, orders, order lines and a
 * shared catalog) on MariaDB, through the engine SPI alone, as {@code codemode init} and a front
 * end reach it: the engine found by its URL, a description drafted from its catalog (comments as
 * notes, the lines keyed through their order's foreign key), opened and checked against the
 * database with the reader's credentials and a user per store ({@code connection.tenantUser}), each
 * store's queries rendered into its own database of views. Nothing of the billing sample is on the
 * path.
 */
class MariaDbShopIT {

  @TempDir static Path dir;

  private static final EngineOpening.Credentials CREDENTIALS =
      new EngineOpening.Credentials(
          TestShopMariaDb.READER, TestMariaDb.PASSWORD, TestMariaDb.PASSWORD);

  private static DescribedWarehouse shop;

  @BeforeAll
  static void open() throws Exception {
    TestShopMariaDb.start();
    String draft = draft();
    // What the draft leaves out, the team adds as its comments say: the shared catalog; and the
    // user each store's queries run as.
    String reviewed =
        draft.replace(
                "connection:\n",
                "connection:\n  tenantUser: \"" + TestShopMariaDb.TENANT_USER + "\"\n")
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

  private static WarehouseConnection connection() {
    return new WarehouseConnection.Jdbc(
        TestShopMariaDb.url(), TestShopMariaDb.READER, null, null, null, null);
  }

  private static String draft() throws WarehouseException {
    WarehouseEngine engine = DescribedWarehouses.engineFor(connection());
    List<CatalogTable> catalog = engine.catalog(connection(), CREDENTIALS, dir.resolve("cache"));
    return DescriptionDraft.yaml(
        connection(),
        catalog,
        new DescriptionDraft.Options("the shop warehouse", List.of(), "store"),
        dir);
  }

  @Test
  void draft_catalogWithForeignKeysAndComments_keysLinesThroughTheirOrderAndNotesTheComments()
      throws Exception {
    assertThat(DescribedWarehouses.engineFor(connection())).isInstanceOf(MariaDbEngine.class);

    assertThat(draft())
        .contains("  url: \"" + TestShopMariaDb.url() + "\"")
        .contains("  user: \"" + TestShopMariaDb.READER + "\"")
        .contains("  orders:\n", "    tenant: {column: store}\n")
        .contains("  order_lines:\n", "    tenant: {column: order_id, parent: orders}\n")
        .contains("    description: \"one row per order of a store\"")
        .contains("      total_cents: \"euro cents, its lines summed\"")
        .contains("      status: \"'placed' | 'shipped' | 'returned'; returned is never revenue\"")
        .contains("  query: \"SELECT DISTINCT store FROM stores\"")
        .contains("# Left out: products has no store column")
        .doesNotContain(TestMariaDb.PASSWORD);
  }

  @Test
  void open_eachStore_answersItsOwnRowsAndTheSharedCatalog() throws Exception {
    Warehouse warehouse = shop.warehouse();

    assertThat(warehouse.allowlist().dialect().name()).isEqualTo("MariaDB");
    assertThat(warehouse.allowlist().tables())
        .containsExactlyInAnyOrder("stores", "orders", "order_lines", "products");
    assertThat(shop.tenantValues()).containsExactlyElementsOf(ShopDomain.STORES);
    for (String store : ShopDomain.STORES) {
      QueryPolicy policy = warehouse.forTenant(Tenant.of(store));
      assertThat(number(warehouse, "SELECT count(*) AS n FROM orders", policy))
          .isEqualTo(ShopDomain.orderCount(store));
      assertThat(number(warehouse, "SELECT count(*) AS n FROM order_lines", policy))
          .isEqualTo(ShopDomain.lineCount(store));
      assertThat(
              number(
                  warehouse,
                  "SELECT sum(total_cents) AS n FROM orders WHERE status <> 'returned'",
                  policy))
          .isEqualTo(ShopDomain.revenueCents(store));
      assertThat(number(warehouse, "SELECT count(*) AS n FROM products", policy))
          .isEqualTo(ShopDomain.products().size());
      assertThat(warehouse.query("SELECT DISTINCT store FROM orders", policy).rows())
          .extracting(row -> row.get("store").asString())
          .containsExactly(store);
    }
    assertThat(number(warehouse, "SELECT count(*) AS n FROM orders", warehouse.unscoped()))
        .isEqualTo(ShopDomain.orders().size());
  }

  @Test
  void query_refused_namesTheShopsTablesAndMariaDb() {
    Warehouse warehouse = shop.warehouse();

    String distinctOn =
        refusal(warehouse, "SELECT DISTINCT ON (store) store, ordered_on FROM orders");
    assertThat(distinctOn)
        .contains("DISTINCT ON is not supported by MariaDB")
        .contains("FROM orders")
        .doesNotContainIgnoringCase("invoice")
        .doesNotContainIgnoringCase("billing");
    assertThat(refusal(warehouse, "SELECT count(*) FROM invoices"))
        .contains("order_lines, orders, products, stores");
  }

  @Test
  void query_dateArithmetic_isRefusedAndNumbersAnswer() throws Exception {
    Warehouse warehouse = shop.warehouse();

    assertThat(
            refusal(
                warehouse,
                "SELECT max(ordered_on) - min(ordered_on) AS days FROM orders GROUP BY store"))
        .contains("+ and - on a date are not supported by MariaDB")
        .contains("datediff(later, earlier)");
    assertThat(
            number(
                warehouse,
                "SELECT datediff(last_on, first_on) AS n FROM (SELECT max(ordered_on) AS last_on,"
                    + " min(ordered_on) AS first_on FROM orders) AS span",
                warehouse.unscoped()))
        .isEqualTo(267);
    assertThat(
            number(
                warehouse,
                "SELECT max(total_cents) - min(total_cents) AS n FROM orders",
                warehouse.unscoped()))
        .isPositive();
  }

  @Test
  void query_unknownStore_isRefused() throws Exception {
    Warehouse warehouse = shop.warehouse();

    assertThat(shop.tenantProblem(Tenant.of("west"), "--tenant"))
        .isEqualTo(
            "--tenant names a store the data does not have (west): its stores are east, north,"
                + " south");
    // No user, no database of views: MariaDB refuses the connection.
    assertThatThrownBy(
            () ->
                warehouse.query(
                    "SELECT count(*) AS n FROM orders", warehouse.forTenant(Tenant.of("west"))))
        .isInstanceOf(WarehouseException.class)
        .hasMessageNotContaining(TestMariaDb.PASSWORD);
  }

  /** Every topic's advice, approved by the shop's allowlist, runs on MariaDB and answers rows. */
  @ParameterizedTest
  @EnumSource(Advice.class)
  void advice_runOnMariaDb_answersRows(Advice topic) throws Exception {
    Warehouse warehouse = shop.warehouse();
    String advice = warehouse.allowlist().advice(topic);
    String sql =
        advice.startsWith("SELECT ")
            ? advice
            : "SELECT " + advice + " AS x FROM " + warehouse.allowlist().examples().table();

    QueryResult unscoped = warehouse.query(sql, warehouse.unscoped());
    QueryResult north = warehouse.query(sql, warehouse.forTenant(Tenant.of("north")));

    assertThat(unscoped.rowCount()).as(sql).isPositive();
    assertThat(north.rowCount()).as(sql).isPositive();
  }

  private static long number(Warehouse warehouse, String sql, QueryPolicy policy) throws Exception {
    return warehouse.query(sql, policy).rows().getFirst().get("n").asLong();
  }

  private static String refusal(Warehouse warehouse, String sql) {
    SqlRefusedException refused =
        catchThrowableOfType(
            SqlRefusedException.class, () -> warehouse.query(sql, warehouse.unscoped()));
    assertThat(refused).as("refused: %s", sql).isNotNull();
    return refused.refusal().message();
  }
}
