package io.codemode4j.engine.mariadb;

import io.codemode4j.sql.Tenant;
import io.codemode4j.warehouse.ShopDomain;
import io.codemode4j.warehouse.WarehouseException;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * {@link ShopDomain}, a warehouse the project has never seen, on the test MariaDB ({@link
 * TestMariaDb}), loaded once per JVM into database {@value #DATABASE} as MariaDB writes it (foreign
 * keys in the column definitions, comments with {@code ALTER TABLE ... COMMENT}, the binary
 * collation) and locked down: {@value #READER} reads every row, each store's user ({@code
 * shop_north}, the template {@value #TENANT_USER}) only its own, through its database of views
 * ({@code shop_tenant_north}).
 */
public final class TestShopMariaDb {

  public static final String DATABASE = "shop";
  public static final String READER = "shop_reader";

  /** The user of each store, as a description's {@code connection.tenantUser} writes it. */
  public static final String TENANT_USER = "shop_{tenant}";

  private static boolean loaded;

  private TestShopMariaDb() {}

  /**
   * Starts the server and loads the shop once per JVM.
   *
   * @throws IllegalStateException when the shop cannot be loaded or locked down
   */
  public static synchronized void start() {
    TestMariaDb.start();
    if (loaded) {
      return;
    }
    try {
      load();
    } catch (SQLException | WarehouseException e) {
      throw new IllegalStateException("cannot load the shop into MariaDB: " + e, e);
    }
    loaded = true;
  }

  private static void load() throws SQLException, WarehouseException {
    try (Connection admin = TestMariaDb.admin();
        Statement sql = admin.createStatement()) {
      // utf8mb4_bin: MariaDB's default collation compares text case-insensitively, DuckDB never.
      sql.execute("CREATE DATABASE " + DATABASE + " CHARACTER SET utf8mb4 COLLATE utf8mb4_bin");
      ShopDomain.create(admin, "`" + DATABASE + "`.", true, false);
      // MariaDB has no COMMENT ON: a table's comment is an option, a column's part of its type.
      sql.execute("ALTER TABLE shop.orders COMMENT = 'one row per order of a store'");
      sql.execute(
          "ALTER TABLE shop.orders MODIFY total_cents BIGINT NOT NULL"
              + " COMMENT 'euro cents, its lines summed'");
      sql.execute(
          "ALTER TABLE shop.orders MODIFY status VARCHAR(16) NOT NULL"
              + " COMMENT '''placed'' | ''shipped'' | ''returned''; returned is never revenue'");
    }
    try (Connection admin = TestMariaDb.admin()) {
      MariaDbLockdown lockdown = lockdown();
      lockdown.applyReader(admin, READER, TestMariaDb.PASSWORD);
      for (String store : ShopDomain.STORES) {
        lockdown.applyTenant(admin, Tenant.of(store), tenantUser(store), TestMariaDb.PASSWORD);
      }
    }
  }

  /** The lockdown the shop's accounts were given. */
  public static MariaDbLockdown lockdown() {
    return new MariaDbLockdown(DATABASE, ShopDomain.scopes(), TestMariaDb.STATEMENT_TIME, 8);
  }

  /** The user of {@code store}: {@value #TENANT_USER} filled in. */
  public static String tenantUser(String store) {
    return TENANT_USER.replace("{tenant}", store);
  }

  /** The shop's URL; loads the shop first. */
  public static String url() {
    start();
    return TestMariaDb.url(DATABASE);
  }

  /** {@code user} on database {@value #DATABASE}; loads the shop first. */
  public static Connection connect(String user) throws SQLException {
    start();
    return TestMariaDb.connect(user, DATABASE);
  }
}
