package io.codemode4j.warehouse.mariadb;

import io.codemode4j.engine.mariadb.MariaDbColumnTypes;
import io.codemode4j.engine.mariadb.MariaDbLockdown;
import io.codemode4j.engine.mariadb.MariaDbSql;
import io.codemode4j.engine.mariadb.TestMariaDb;
import io.codemode4j.sql.SqlAllowlist;
import io.codemode4j.sql.Tenant;
import io.codemode4j.warehouse.WarehouseException;
import io.codemode4j.warehouse.billing.BillingMariaDb;
import io.codemode4j.warehouse.billing.BillingSample;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

/**
 * The billing sample on the test MariaDB ({@link TestMariaDb}), loaded once per JVM through the
 * writer account and locked down: {@code analyst} reads every row of database {@value #DATABASE},
 * each tenant of {@link #TENANTS} only its own through its user and database ({@code tenant_emea}
 * reads {@code billing_tenant_emea}); an unlisted {@code payroll} table beside them, granted to no
 * reader. The billing sample's part of this module's tests, kept apart from the engine's own.
 */
public final class TestBillingMariaDb {

  public static final String DATABASE = "billing";
  public static final String WRITER = "loader";
  public static final String READER = "analyst";
  public static final String EMEA = "tenant_emea";

  /** The tenants with a user of their own: each region. */
  public static final List<Tenant> TENANTS =
      List.of(Tenant.of("emea"), Tenant.of("apac"), Tenant.of("americas"));

  private static boolean loaded;

  private TestBillingMariaDb() {}

  /**
   * Starts the server and loads the sample once per JVM.
   *
   * @throws IllegalStateException when the sample cannot be loaded or locked down
   */
  public static synchronized void start() {
    TestMariaDb.start();
    if (loaded) {
      return;
    }
    try {
      load();
    } catch (SQLException | WarehouseException e) {
      throw new IllegalStateException("cannot load the billing sample into MariaDB: " + e, e);
    }
    loaded = true;
  }

  private static void load() throws SQLException, WarehouseException {
    try (Connection admin = TestMariaDb.admin();
        Statement sql = admin.createStatement()) {
      sql.execute(
          "CREATE USER IF NOT EXISTS "
              + WRITER
              + "@'%' IDENTIFIED BY '"
              + TestMariaDb.PASSWORD
              + "'");
      sql.execute("GRANT ALL PRIVILEGES ON " + DATABASE + ".* TO " + WRITER + "@'%'");
    }
    // The writer creates the database, so it connects to none.
    try (Connection writer = TestMariaDb.connect(WRITER, "")) {
      BillingMariaDb.load(writer, sampleDir(), DATABASE);
    }
    // An unlisted table beside the listed ones: no reader is granted it.
    try (Connection writer = TestMariaDb.connect(WRITER, DATABASE);
        Statement sql = writer.createStatement()) {
      sql.execute("CREATE TABLE IF NOT EXISTS " + DATABASE + ".payroll (name text, salary bigint)");
      sql.execute("INSERT INTO " + DATABASE + ".payroll VALUES ('ceo', 1000000)");
    }
    try (Connection admin = TestMariaDb.admin()) {
      MariaDbLockdown lockdown = lockdown();
      lockdown.applyReader(admin, READER, TestMariaDb.PASSWORD);
      for (Tenant tenant : TENANTS) {
        lockdown.applyTenant(admin, tenant, tenantUser(tenant), TestMariaDb.PASSWORD);
      }
    }
  }

  /** The sample's allowlist in the MariaDB dialect over database {@value #DATABASE}. */
  public static SqlAllowlist allowlist(MariaDbColumnTypes types) {
    return BillingSample.description(sampleDir())
        .allowlist(MariaDbSql.dialect(DATABASE, types))
        .examples(BillingSample.EXAMPLES)
        .build();
  }

  /** The lockdown the sample's accounts were given. */
  public static MariaDbLockdown lockdown() {
    return BillingMariaDb.lockdown(DATABASE);
  }

  /** The user of {@code tenant}: {@code tenant_} and its one value. */
  public static String tenantUser(Tenant tenant) {
    return "tenant_" + tenant.values().iterator().next();
  }

  /** {@code user} on database {@value #DATABASE}; loads the sample first. */
  public static Connection connect(String user) throws SQLException {
    return connect(user, DATABASE);
  }

  /** {@code user} on {@code database}; loads the sample first. */
  public static Connection connect(String user, String database) throws SQLException {
    start();
    return TestMariaDb.connect(user, database);
  }

  public static Path sampleDir() {
    Path dir = Path.of(System.getProperty("codemode.sampleDir", "../sample-data/parquet"));
    if (!Files.isRegularFile(dir.resolve("invoices.parquet"))) {
      throw new IllegalStateException("no bundled sample data at " + dir.toAbsolutePath());
    }
    return dir;
  }
}
