package io.codemode4j.warehouse.postgres;

import io.codemode4j.engine.postgres.PostgresLockdown;
import io.codemode4j.engine.postgres.PostgresTestServer;
import io.codemode4j.sql.Tenant;
import io.codemode4j.warehouse.WarehouseException;
import io.codemode4j.warehouse.billing.BillingPostgres;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.TreeSet;

/**
 * The engine's test server ({@link PostgresTestServer}: one real PostgreSQL 18 per test JVM) loaded
 * with the bundled sample through the writer identity and locked down: {@code analyst} reads every
 * row, each tenant of {@link #TENANTS} only its own through its role ({@link #tenantRole}: {@code
 * tenant_emea} reads emea's).
 */
public final class TestPostgres {

  public static final String DATABASE = "warehouse";
  public static final String SCHEMA = "billing";
  public static final String WRITER = "loader";
  public static final String READER = "analyst";
  public static final String EMEA = "tenant_emea";

  /** The tenants with a role of their own: each region, and one of two regions. */
  public static final List<Tenant> TENANTS =
      List.of(
          Tenant.of("emea"), Tenant.of("apac"), Tenant.of("americas"), Tenant.of("apac", "emea"));

  public static final String PASSWORD = "s3cret-not-echoed";

  private static boolean loaded;

  private TestPostgres() {}

  /** The engine's test server ({@link PostgresTestServer}), the sample loaded on first use. */
  public static synchronized EmbeddedPostgres server() {
    EmbeddedPostgres server = PostgresTestServer.server();
    if (!loaded) {
      try {
        try (Connection admin = server.getPostgresDatabase().getConnection();
            Statement sql = admin.createStatement()) {
          sql.execute("CREATE ROLE " + WRITER + " LOGIN PASSWORD '" + PASSWORD + "'");
          sql.execute("CREATE DATABASE " + DATABASE + " OWNER " + WRITER);
        }
        try (Connection writer = connectWhileLoading(WRITER)) {
          BillingPostgres.load(writer, sampleDir(), SCHEMA);
        }
        // An unlisted table beside the allowlisted ones: no reader is granted it.
        try (Connection writer = connectWhileLoading(WRITER);
            Statement sql = writer.createStatement()) {
          sql.execute(
              "CREATE TABLE IF NOT EXISTS " + SCHEMA + ".payroll (name text, salary bigint)");
          sql.execute("INSERT INTO " + SCHEMA + ".payroll VALUES ('ceo', 1000000)");
        }
        try (Connection admin = connectWhileLoading("postgres")) {
          PostgresLockdown lockdown = BillingPostgres.lockdown(DATABASE, SCHEMA);
          lockdown.applyReader(admin, READER, PASSWORD);
          for (Tenant tenant : TENANTS) {
            lockdown.applyTenant(admin, tenant, tenantRole(tenant), PASSWORD);
          }
        }
      } catch (SQLException | WarehouseException e) {
        throw new IllegalStateException("cannot prepare the test PostgreSQL: " + e, e);
      }
      loaded = true;
    }
    return server;
  }

  /** The role of {@code tenant}: {@code tenant_} and its values, sorted, joined by _. */
  public static String tenantRole(Tenant tenant) {
    return "tenant_" + String.join("_", new TreeSet<>(tenant.values()));
  }

  /**
   * Two roles of emea that prove which role runs its queries, made with {@code admin} (a superuser
   * on the sample's database): {@code probe_emea}, whose policies read apac's rows (so the
   * confinement proof refuses it), and {@code paid_emea}, whose invoices policy reads only emea's
   * paid invoices (confined, but counting fewer than emea's own role).
   *
   * @return how many invoices {@code paid_emea} reads
   */
  public static long emeaProbeRoles(Connection admin) throws SQLException, WarehouseException {
    PostgresLockdown lockdown = BillingPostgres.lockdown(DATABASE, SCHEMA);
    lockdown.applyTenant(admin, Tenant.of("apac"), "probe_emea", PASSWORD);
    lockdown.applyTenant(admin, Tenant.of("emea"), "paid_emea", PASSWORD);
    String paid = " WHERE region = 'emea' AND status = 'paid'";
    try (Statement sql = admin.createStatement()) {
      sql.execute(
          "ALTER POLICY codemode_paid_emea ON "
              + SCHEMA
              + ".invoices USING (region = 'emea' AND status = 'paid')");
      try (ResultSet count =
          sql.executeQuery("SELECT count(*) FROM " + SCHEMA + ".invoices" + paid)) {
        count.next();
        return count.getLong(1);
      }
    }
  }

  /** The sample's database, loaded. */
  public static String url() {
    server();
    return PostgresTestServer.url(DATABASE);
  }

  /** A connection of {@code user} to the sample's database, loaded. */
  public static Connection connect(String user) throws SQLException {
    server();
    return connectWhileLoading(user);
  }

  private static Connection connectWhileLoading(String user) throws SQLException {
    return DriverManager.getConnection(PostgresTestServer.url(DATABASE), user, PASSWORD);
  }

  public static Path sampleDir() {
    Path dir = Path.of(System.getProperty("codemode.sampleDir", "../sample-data/parquet"));
    if (!Files.isRegularFile(dir.resolve("invoices.parquet"))) {
      throw new IllegalStateException("no bundled sample data at " + dir.toAbsolutePath());
    }
    return dir;
  }
}
