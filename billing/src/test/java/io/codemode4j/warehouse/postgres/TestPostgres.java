package io.codemode4j.warehouse.postgres;

import io.codemode4j.engine.postgres.PostgresLockdown;
import io.codemode4j.sql.Tenant;
import io.codemode4j.warehouse.WarehouseException;
import io.codemode4j.warehouse.billing.BillingPostgres;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.TreeSet;

/**
 * One real PostgreSQL 18 per test JVM (zonky's embedded binaries from Maven Central, about 2 s to
 * start), loaded with the bundled sample through the writer identity and locked down: {@code
 * analyst} reads every row, each tenant of {@link #TENANTS} only its own through its role ({@link
 * #tenantRole}: {@code tenant_emea} reads emea's).
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

  private static EmbeddedPostgres server;

  private TestPostgres() {}

  public static synchronized EmbeddedPostgres server() {
    if (server == null) {
      try {
        server = EmbeddedPostgres.builder().start();
        Runtime.getRuntime().addShutdownHook(new Thread(TestPostgres::stop));
        try (Connection admin = server.getPostgresDatabase().getConnection();
            Statement sql = admin.createStatement()) {
          sql.execute("CREATE ROLE " + WRITER + " LOGIN PASSWORD '" + PASSWORD + "'");
          sql.execute("CREATE DATABASE " + DATABASE + " OWNER " + WRITER);
        }
        try (Connection writer = connect(WRITER)) {
          BillingPostgres.load(writer, sampleDir(), SCHEMA);
        }
        // An unlisted table beside the allowlisted ones: no reader is granted it.
        try (Connection writer = connect(WRITER);
            Statement sql = writer.createStatement()) {
          sql.execute(
              "CREATE TABLE IF NOT EXISTS " + SCHEMA + ".payroll (name text, salary bigint)");
          sql.execute("INSERT INTO " + SCHEMA + ".payroll VALUES ('ceo', 1000000)");
        }
        try (Connection admin = connect("postgres")) {
          PostgresLockdown lockdown = BillingPostgres.lockdown(DATABASE, SCHEMA);
          lockdown.applyReader(admin, READER, PASSWORD);
          for (Tenant tenant : TENANTS) {
            lockdown.applyTenant(admin, tenant, tenantRole(tenant), PASSWORD);
          }
        }
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      } catch (SQLException | WarehouseException e) {
        throw new IllegalStateException("cannot prepare the test PostgreSQL: " + e, e);
      }
    }
    return server;
  }

  /** The role of {@code tenant}: {@code tenant_} and its values, sorted, joined by _. */
  public static String tenantRole(Tenant tenant) {
    return "tenant_" + String.join("_", new TreeSet<>(tenant.values()));
  }

  public static String url() {
    return "jdbc:postgresql://127.0.0.1:" + server().getPort() + "/" + DATABASE;
  }

  public static Connection connect(String user) throws SQLException {
    return DriverManager.getConnection(url(), user, PASSWORD);
  }

  public static Path sampleDir() {
    Path dir = Path.of(System.getProperty("codemode.sampleDir", "../sample-data/parquet"));
    if (!Files.isRegularFile(dir.resolve("invoices.parquet"))) {
      throw new IllegalStateException("no bundled sample data at " + dir.toAbsolutePath());
    }
    return dir;
  }

  private static synchronized void stop() {
    try {
      if (server != null) {
        server.close();
      }
    } catch (IOException e) {
      // The JVM is ending; the embedded server's directory is a temporary one.
    }
  }
}
