package io.codemode4j.engine.trino;

import io.codemode4j.sql.Tenant;
import io.codemode4j.sql.TenantScope;
import io.codemode4j.warehouse.ShopDomain;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@link ShopDomain} in a test Trino ({@link TrinoCluster}): its four relations in {@code
 * <catalog>.shop}, read by {@link #READER} whole and by a user per store ({@link #storeUser})
 * confined to the store by Trino's own row filters. This module's {@link TestShopTrino} holds it
 * alone, billing's {@code TestTrino} beside the billing sample under one rules file.
 *
 * <p>Decided: the order lines carry their order's store, as the sample's invoice lines carry their
 * region. Trino's filter through a parent (a semi join) let a failing predicate tell another
 * tenant's rows apart, a filter on a table's own column never did ({@link TrinoLockdown}); so the
 * lines are written with the store into {@code hive.shop_by_store.order_lines}, keyed by it, and
 * {@code hive.shop.order_lines} is a {@code SECURITY INVOKER} view of their five columns, read with
 * the caller's filter. The keyed table lives in a schema of its own, not beside the view as the
 * sample's {@code invoice_lines_by_region} does: the reader of {@code hive.shop} sees exactly the
 * shop's four relations, so what {@code codemode init} drafts from the catalog is the shop as a
 * team would have it (no primary or foreign key, since a hive table declares none), and the store
 * column is in no relation a warehouse of {@code hive.shop} serves. The lines' source file is read
 * by the owner alone.
 */
public final class ShopTrino {

  /** The schema a warehouse serves: stores, orders, order_lines (a view) and products. */
  public static final String SCHEMA = "shop";

  /** The schema of the lines keyed by their order's store, read through the view alone. */
  public static final String BY_STORE = "shop_by_store";

  /** The reader of every store's rows. */
  public static final String READER = "shop_reader";

  /** The Trino user of each store, as a description's {@code connection.tenantUser} writes it. */
  public static final String STORE_USER = "shop_{tenant}";

  /** The external tables over the parquet files, as Trino types them. */
  private static final Map<String, String> SOURCES = sources();

  private ShopTrino() {}

  /** The Trino user of {@code store}: {@link #STORE_USER} filled in. */
  public static String storeUser(String store) {
    return STORE_USER.replace("{tenant}", store);
  }

  /**
   * The shop's two schemas, each read by {@link #READER} and by each store's user: for {@link
   * TrinoRules#json}, alone or beside other schemas' accesses.
   */
  public static List<TrinoAccess> accesses(String catalog, String owner) {
    Map<String, TenantScope> served = new LinkedHashMap<>();
    served.put("stores", new TenantScope.ByColumn("store"));
    served.put("orders", new TenantScope.ByColumn("store"));
    served.put("products", new TenantScope.Shared());
    Map<Tenant, String> users = new LinkedHashMap<>();
    ShopDomain.STORES.forEach(store -> users.put(Tenant.of(store), storeUser(store)));
    return List.of(
        new TrinoAccess(
            new TrinoLockdown(catalog, SCHEMA, served, Set.of("order_lines"), owner),
            READER,
            users),
        new TrinoAccess(
            new TrinoLockdown(
                catalog,
                BY_STORE,
                Map.of("order_lines", new TenantScope.ByColumn("store")),
                Set.of(),
                owner),
            READER,
            users));
  }

  /**
   * Writes the shop's four parquet files into {@code trino}'s lake (under {@code shop/}) and
   * creates the shop over them in {@code catalog} as {@code owner}.
   */
  public static void load(TrinoCluster trino, String catalog, String owner)
      throws IOException, SQLException {
    Map<String, String> locations = new LinkedHashMap<>();
    Path parquet = Files.createTempDirectory("shop-parquet");
    try {
      ShopDomain.writeParquet(parquet);
      for (String table : ShopDomain.TABLES) {
        locations.put(
            table, trino.stage(parquet.resolve(table + ".parquet"), SCHEMA + "/" + table));
      }
    } finally {
      for (String table : ShopDomain.TABLES) {
        Files.deleteIfExists(parquet.resolve(table + ".parquet"));
      }
      Files.delete(parquet);
    }
    try (Connection connection = trino.connect(owner)) {
      create(connection, catalog, locations);
    }
  }

  /**
   * Creates the shop in {@code catalog} through {@code owner}: external tables over the four
   * parquet files already in the lake at {@code locations} (table to the directory holding its
   * file), the lines keyed by store and the view of them.
   */
  private static void create(Connection owner, String catalog, Map<String, String> locations)
      throws SQLException {
    String shop = catalog + "." + SCHEMA;
    String byStore = catalog + "." + BY_STORE;
    List<String> statements = new ArrayList<>();
    statements.add("CREATE SCHEMA " + shop);
    statements.add("CREATE SCHEMA " + byStore);
    SOURCES.forEach(
        (table, columns) ->
            statements.add(
                "CREATE TABLE "
                    + (table.equals("order_lines")
                        ? byStore + ".order_lines_source"
                        : shop + "." + table)
                    + " ("
                    + columns
                    + ") WITH (format = 'PARQUET', external_location = '"
                    + locations.get(table)
                    + "')"));
    statements.add(
        "CREATE TABLE "
            + byStore
            + ".order_lines WITH (format = 'PARQUET') AS SELECT l.order_id, l.line_no, l.sku,"
            + " l.quantity, l.price_cents, o.store FROM "
            + byStore
            + ".order_lines_source l JOIN "
            + shop
            + ".orders o ON o.order_id = l.order_id");
    statements.add(
        "CREATE VIEW "
            + shop
            + ".order_lines SECURITY INVOKER AS SELECT order_id, line_no, sku, quantity,"
            + " price_cents FROM "
            + byStore
            + ".order_lines");
    try (Statement sql = owner.createStatement()) {
      for (String statement : statements) {
        sql.execute(statement);
      }
    }
  }

  private static Map<String, String> sources() {
    Map<String, String> sources = new LinkedHashMap<>();
    sources.put("stores", "store varchar, city varchar, opened_on date");
    sources.put(
        "orders",
        "order_id bigint, store varchar, customer varchar, ordered_on date, total_cents bigint,"
            + " status varchar");
    sources.put(
        "order_lines",
        "order_id bigint, line_no integer, sku varchar, quantity integer, price_cents bigint");
    sources.put("products", "sku varchar, name varchar, category varchar");
    return sources;
  }
}
