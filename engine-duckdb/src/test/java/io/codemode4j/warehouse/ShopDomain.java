package io.codemode4j.warehouse;

import io.codemode4j.sql.TenantScope;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A second domain, nothing like billing, for the tests that prove the product serves a warehouse it
 * has never seen: stores, their orders and order lines, and a product catalog every store shares.
 * The rows are generated deterministically, so each engine holds the same data and every answer can
 * be computed here too.
 *
 * <ul>
 *   <li>{@code stores(store, city, opened_on)}: keyed by {@code store};
 *   <li>{@code orders(order_id, store, customer, ordered_on, total_cents, status)}: keyed by {@code
 *       store}; {@code total_cents} is the sum of its lines;
 *   <li>{@code order_lines(order_id, line_no, sku, quantity, price_cents)}: keyed through its order
 *       (a foreign key);
 *   <li>{@code products(sku, name, category)}: shared.
 * </ul>
 */
public final class ShopDomain {

  /** The tenants: one per store. */
  public static final List<String> STORES = List.of("east", "north", "south");

  public static final List<String> TABLES = List.of("stores", "orders", "order_lines", "products");

  private static final List<String> STATUSES = List.of("placed", "shipped", "returned");

  private static final int ORDERS = 90;

  public record Order(
      long orderId,
      String store,
      String customer,
      LocalDate orderedOn,
      long totalCents,
      String status) {}

  public record Line(long orderId, int lineNo, String sku, int quantity, long priceCents) {}

  private ShopDomain() {}

  /**
   * How each table's rows belong to a store, as every engine's lockdown of the shop confines them:
   * stores and orders by their store, order lines through their order, products shared.
   */
  public static Map<String, TenantScope> scopes() {
    Map<String, TenantScope> scopes = new LinkedHashMap<>();
    scopes.put("stores", new TenantScope.ByColumn("store"));
    scopes.put("orders", new TenantScope.ByColumn("store"));
    scopes.put("order_lines", new TenantScope.ThroughParent("order_id", "orders", "order_id"));
    scopes.put("products", new TenantScope.Shared());
    return scopes;
  }

  /** The catalog: sku to {name, category}. */
  public static Map<String, String[]> products() {
    Map<String, String[]> products = new TreeMap<>();
    String[] categories = {"tea", "coffee", "cups"};
    for (int i = 1; i <= 12; i++) {
      products.put("sku-" + i, new String[] {"product " + i, categories[i % categories.length]});
    }
    return products;
  }

  /** The lines of every order, in order. */
  public static List<Line> lines() {
    List<Line> lines = new ArrayList<>();
    for (int order = 1; order <= ORDERS; order++) {
      int count = 1 + order % 3;
      for (int line = 1; line <= count; line++) {
        int sku = 1 + (order * 7 + line * 5) % 12;
        lines.add(new Line(order, line, "sku-" + sku, 1 + (order + line) % 4, 150L + sku * 25));
      }
    }
    return lines;
  }

  /** Every order, its total the sum of its lines. */
  public static List<Order> orders() {
    Map<Long, Long> totals = new TreeMap<>();
    for (Line line : lines()) {
      totals.merge(line.orderId(), line.quantity() * line.priceCents(), Long::sum);
    }
    List<Order> orders = new ArrayList<>();
    for (int order = 1; order <= ORDERS; order++) {
      orders.add(
          new Order(
              order,
              STORES.get(order % STORES.size()),
              "customer " + (order % 17),
              LocalDate.of(2025, 1, 1).plusDays(order * 3L),
              totals.get((long) order),
              STATUSES.get(order % 5 == 0 ? 2 : order % 2)));
    }
    return orders;
  }

  /** The revenue of {@code store}: the total of its orders that were not returned, in cents. */
  public static long revenueCents(String store) {
    return orders().stream()
        .filter(o -> o.store().equals(store) && !o.status().equals("returned"))
        .mapToLong(Order::totalCents)
        .sum();
  }

  /** The number of orders of {@code store}. */
  public static long orderCount(String store) {
    return orders().stream().filter(o -> o.store().equals(store)).count();
  }

  /** The number of lines of {@code store}'s orders. */
  public static long lineCount(String store) {
    List<Long> ids =
        orders().stream().filter(o -> o.store().equals(store)).map(Order::orderId).toList();
    return lines().stream().filter(l -> ids.contains(l.orderId())).count();
  }

  /** Writes the four tables as {@code TABLE.parquet} into {@code dir}, through DuckDB. */
  public static void writeParquet(Path dir) throws SQLException {
    try (Connection duck = DriverManager.getConnection("jdbc:duckdb:")) {
      create(duck, "", false, false);
      try (Statement sql = duck.createStatement()) {
        for (String table : TABLES) {
          sql.execute(
              "COPY "
                  + table
                  + " TO '"
                  + dir.resolve(table + ".parquet").toAbsolutePath()
                  + "' (FORMAT parquet)");
        }
      }
    }
  }

  /** Writes a DuckDB database file holding the four tables, with comments and foreign keys. */
  public static void writeDuckDb(Path file) throws SQLException {
    try (Connection duck = DriverManager.getConnection("jdbc:duckdb:" + file.toAbsolutePath())) {
      create(duck, "", true, true);
    }
  }

  /**
   * Creates and fills the four tables through {@code writer}, their names prefixed by {@code
   * qualifier} (empty, or a schema and a dot): primary keys, the lines' foreign key to their order
   * when {@code foreignKeys}, and {@code COMMENT ON} notes when {@code comments}; one transaction
   * where the connection allows.
   */
  public static void create(
      Connection writer, String qualifier, boolean foreignKeys, boolean comments)
      throws SQLException {
    try (Statement sql = writer.createStatement()) {
      sql.execute(
          "CREATE TABLE "
              + qualifier
              + "stores (store VARCHAR(32) PRIMARY KEY, city VARCHAR(64) NOT NULL, opened_on DATE"
              + " NOT NULL)");
      sql.execute(
          "CREATE TABLE "
              + qualifier
              + "orders (order_id BIGINT PRIMARY KEY, store VARCHAR(32) NOT NULL, customer"
              + " VARCHAR(64) NOT NULL, ordered_on DATE NOT NULL, total_cents BIGINT NOT NULL,"
              + " status VARCHAR(16) NOT NULL)");
      sql.execute(
          "CREATE TABLE "
              + qualifier
              + "order_lines (order_id BIGINT NOT NULL"
              + (foreignKeys ? " REFERENCES " + qualifier + "orders (order_id)" : "")
              + ", line_no INTEGER NOT NULL, sku VARCHAR(32) NOT NULL, quantity INTEGER NOT NULL,"
              + " price_cents BIGINT NOT NULL)");
      sql.execute(
          "CREATE TABLE "
              + qualifier
              + "products (sku VARCHAR(32) PRIMARY KEY, name VARCHAR(64) NOT NULL, category"
              + " VARCHAR(32) NOT NULL)");
      if (comments) {
        sql.execute("COMMENT ON TABLE " + qualifier + "orders IS 'one row per order of a store'");
        sql.execute(
            "COMMENT ON COLUMN "
                + qualifier
                + "orders.total_cents IS 'euro cents, its lines summed'");
        sql.execute(
            "COMMENT ON COLUMN "
                + qualifier
                + "orders.status IS '''placed'' | ''shipped'' | ''returned''; returned is never"
                + " revenue'");
      }
    }
    int i = 0;
    try (PreparedStatement insert =
        writer.prepareStatement("INSERT INTO " + qualifier + "stores VALUES (?, ?, ?)")) {
      for (String store : STORES) {
        insert.setString(1, store);
        insert.setString(2, "city of " + store);
        insert.setObject(3, LocalDate.of(2020, 1 + i++, 1));
        insert.addBatch();
      }
      insert.executeBatch();
    }
    try (PreparedStatement insert =
        writer.prepareStatement("INSERT INTO " + qualifier + "orders VALUES (?, ?, ?, ?, ?, ?)")) {
      for (Order order : orders()) {
        insert.setLong(1, order.orderId());
        insert.setString(2, order.store());
        insert.setString(3, order.customer());
        insert.setObject(4, order.orderedOn());
        insert.setLong(5, order.totalCents());
        insert.setString(6, order.status());
        insert.addBatch();
      }
      insert.executeBatch();
    }
    try (PreparedStatement insert =
        writer.prepareStatement(
            "INSERT INTO " + qualifier + "order_lines VALUES (?, ?, ?, ?, ?)")) {
      for (Line line : lines()) {
        insert.setLong(1, line.orderId());
        insert.setInt(2, line.lineNo());
        insert.setString(3, line.sku());
        insert.setInt(4, line.quantity());
        insert.setLong(5, line.priceCents());
        insert.addBatch();
      }
      insert.executeBatch();
    }
    try (PreparedStatement insert =
        writer.prepareStatement("INSERT INTO " + qualifier + "products VALUES (?, ?, ?)")) {
      for (var product : products().entrySet()) {
        insert.setString(1, product.getKey());
        insert.setString(2, product.getValue()[0]);
        insert.setString(3, product.getValue()[1]);
        insert.addBatch();
      }
      insert.executeBatch();
    }
  }
}
