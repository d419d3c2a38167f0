package io.codemode4j.warehouse.trino;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.codemode4j.engine.trino.ShopTrino;
import io.codemode4j.warehouse.ShopDomain;
import java.sql.Connection;
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
 * The shop beside the billing sample in one Trino, locked down by one rules file ({@link
 * ShopTrino}, {@link TestTrino#rules}), with the allowlist bypassed: plain trino-jdbc as each user.
 * The shop's reader reads the shop whole and nothing of billing; a store's user reads its store's
 * rows alone through every shop relation (the lines through their order's store), the product
 * catalog whole, also through the error side channel; billing's users read nothing of the shop.
 * Every count is {@link ShopDomain}'s own.
 */
class TrinoShopLockdownIT {

  private static final List<String> SHOP =
      List.of(
          "hive.shop.stores", "hive.shop.orders", "hive.shop.order_lines", "hive.shop.products");

  private static final List<String> BILLING =
      List.of(
          "hive.billing.customers",
          "hive.billing.invoices",
          "hive.billing.invoice_lines",
          "hive.billing.invoice_lines_by_region",
          "hive.billing.invoice_lines_source",
          "hive.billing.invoice_summary",
          "hive.billing.payroll");

  @Test
  void shopReader_readsEveryShopRelationWhole() throws Exception {
    assertThat(count(ShopTrino.READER, "hive.shop.stores")).isEqualTo(ShopDomain.STORES.size());
    assertThat(count(ShopTrino.READER, "hive.shop.orders")).isEqualTo(ShopDomain.orders().size());
    assertThat(count(ShopTrino.READER, "hive.shop.order_lines"))
        .isEqualTo(ShopDomain.lines().size());
    assertThat(count(ShopTrino.READER, "hive.shop.products"))
        .isEqualTo(ShopDomain.products().size());
  }

  static Stream<Arguments> shopUsersOnBilling() {
    return Stream.concat(
            Stream.of(ShopTrino.READER), ShopDomain.STORES.stream().map(ShopTrino::storeUser))
        .flatMap(user -> BILLING.stream().map(table -> Arguments.of(user, table)));
  }

  @ParameterizedTest(name = "{0}: {1}")
  @MethodSource("shopUsersOnBilling")
  void shopUser_billingOrPayroll_isDeniedByTrino(String user, String table) {
    assertDenied(user, "SELECT count(*) FROM " + table);
  }

  static Stream<Arguments> billingUsersOnShop() {
    List<String> relations = new ArrayList<>(SHOP);
    relations.add("hive.shop_by_store.order_lines");
    relations.add("hive.shop_by_store.order_lines_source");
    return Stream.concat(
            Stream.of(TestTrino.ANALYST), TestTrino.TENANTS.stream().map(TestTrino::tenantUser))
        .flatMap(user -> relations.stream().map(table -> Arguments.of(user, table)));
  }

  @ParameterizedTest(name = "{0}: {1}")
  @MethodSource("billingUsersOnShop")
  void billingUser_shop_isDeniedByTrino(String user, String table) {
    assertDenied(user, "SELECT count(*) FROM " + table);
  }

  @Test
  void shopReader_catalog_listsTheShopAlone_theServedSchemaItsFourRelations() throws Exception {
    for (String user : List.of(ShopTrino.READER, ShopTrino.storeUser("north"))) {
      assertThat(
              strings(
                  user,
                  "SELECT table_schema || '.' || table_name FROM hive.information_schema.tables"
                      + " WHERE table_schema <> 'information_schema' ORDER BY 1"))
          .as(user)
          .containsExactly(
              "shop.order_lines",
              "shop.orders",
              "shop.products",
              "shop.stores",
              "shop_by_store.order_lines");
      assertThat(
              strings(
                  user,
                  "SELECT table_name || ':' || table_type FROM system.jdbc.tables"
                      + " WHERE table_cat = 'hive' AND table_schem = 'shop' ORDER BY 1"))
          .as(user + ": JDBC metadata of the served schema")
          .containsExactly("order_lines:VIEW", "orders:TABLE", "products:TABLE", "stores:TABLE");
    }
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(
      strings = {
        "INSERT INTO hive.shop.orders (order_id) VALUES (1000)",
        "DELETE FROM hive.shop.orders",
        "DROP VIEW hive.shop.order_lines",
        "CREATE TABLE hive.shop_by_store.stolen AS SELECT * FROM hive.shop_by_store.order_lines",
        "CREATE OR REPLACE VIEW hive.shop.order_lines AS SELECT * FROM hive.shop.orders",
        "SELECT count(*) FROM hive.shop_by_store.order_lines_source",
      })
  void write_orSourceRead_asShopUser_isDeniedByTrino(String sql) {
    for (String user : List.of(ShopTrino.READER, ShopTrino.storeUser("north"))) {
      assertDenied(user, sql);
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("stores")
  void storeUser_readsOnlyItsStoresRows_throughEveryShopRelation_productsWhole(String store)
      throws Exception {
    String user = ShopTrino.storeUser(store);

    assertThat(strings(user, "SELECT store FROM hive.shop.stores")).containsExactly(store);
    assertThat(strings(user, "SELECT DISTINCT store FROM hive.shop.orders")).containsExactly(store);
    assertThat(count(user, "hive.shop.orders")).isEqualTo(ShopDomain.orderCount(store));
    assertThat(count(user, "hive.shop.order_lines")).isEqualTo(ShopDomain.lineCount(store));
    assertThat(strings(user, "SELECT DISTINCT order_id FROM hive.shop.order_lines ORDER BY 1"))
        .containsExactlyElementsOf(orderIds(store).stream().map(Object::toString).toList());
    assertThat(strings(user, "SELECT DISTINCT store FROM hive.shop_by_store.order_lines"))
        .containsExactly(store);
    assertThat(
            strings(
                user,
                "SELECT CAST(sum(total_cents) AS varchar) FROM hive.shop.orders"
                    + " WHERE status <> 'returned'"))
        .containsExactly(Long.toString(ShopDomain.revenueCents(store)));
    assertThat(count(user, "hive.shop.products")).isEqualTo(ShopDomain.products().size());
  }

  static Stream<String> stores() {
    return ShopDomain.STORES.stream();
  }

  /**
   * The error side channel on the orders and on the lines' view: a probe that fails on one order,
   * named by its id, and counts the relation otherwise; it errors exactly when the order is among
   * the rows Trino lets the user read.
   */
  static Stream<Arguments> probes() {
    return Stream.of(
        Arguments.of("hive.shop.orders", "status"), Arguments.of("hive.shop.order_lines", "sku"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("probes")
  void sideChannel_probeOfAnotherStoresOrder_answersAsIfItDidNotExist(String relation, String text)
      throws Exception {
    String user = ShopTrino.storeUser("north");
    long own = count(user, relation);

    for (String other : List.of("east", "south")) {
      assertThat(strings(user, probe(relation, text, orderIds(other).getFirst())))
          .as(other)
          .containsExactly(Long.toString(own));
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("probes")
  void sideChannel_probeOfOwnOrder_errors_soTheProbeItselfIsReal(String relation, String text) {
    String user = ShopTrino.storeUser("north");

    assertThatThrownBy(() -> strings(user, probe(relation, text, orderIds("north").getFirst())))
        .isInstanceOf(SQLException.class)
        .hasMessageContaining("Cannot cast");
    assertThatThrownBy(
            () -> strings(ShopTrino.READER, probe(relation, text, orderIds("south").getFirst())))
        .isInstanceOf(SQLException.class)
        .hasMessageContaining("Cannot cast");
  }

  private static String probe(String relation, String text, long orderId) {
    return "SELECT count(*) FROM "
        + relation
        + " WHERE CAST(CASE WHEN order_id = "
        + orderId
        + " THEN "
        + text
        + " ELSE '1' END AS INTEGER) = 1";
  }

  private static List<Long> orderIds(String store) {
    return ShopDomain.orders().stream()
        .filter(o -> o.store().equals(store))
        .map(ShopDomain.Order::orderId)
        .sorted()
        .toList();
  }

  private static long count(String user, String relation) throws SQLException {
    return Long.parseLong(strings(user, "SELECT count(*) FROM " + relation).getFirst());
  }

  private static void assertDenied(String user, String sql) {
    assertThatThrownBy(
            () -> {
              try (Connection c = TestTrino.connect(user);
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
    try (Connection c = TestTrino.connect(user);
        Statement s = c.createStatement();
        ResultSet rs = s.executeQuery(sql)) {
      while (rs.next()) {
        out.add(rs.getString(1));
      }
    }
    return out;
  }
}
