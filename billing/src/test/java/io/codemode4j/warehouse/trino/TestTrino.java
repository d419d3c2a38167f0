package io.codemode4j.warehouse.trino;

import io.codemode4j.engine.trino.ShopTrino;
import io.codemode4j.engine.trino.TrinoAccess;
import io.codemode4j.engine.trino.TrinoCluster;
import io.codemode4j.engine.trino.TrinoRules;
import io.codemode4j.sql.Tenant;
import io.codemode4j.warehouse.ShopDomain;
import io.codemode4j.warehouse.Warehouse;
import io.codemode4j.warehouse.WarehouseException;
import io.codemode4j.warehouse.billing.BillingTrino;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * One real Trino per build (a coordinator and a worker, engine-trino's {@link TrinoCluster}),
 * started on first use, loaded with the bundled sample through its owner ({@link
 * BillingTrino#load}) and locked down by the rules of {@link BillingTrino#lockdown}: {@link
 * #ANALYST} reads every row, each tenant of {@link #TENANTS} through its own user ({@link
 * #tenantUser}); {@code payroll} is a table beside the sample that no analyst is granted. Beside
 * the sample, in {@code hive.shop}, the shop of {@link ShopDomain} ({@link ShopTrino}), read by
 * users of its own, {@link #shopUrl}; one rules file locks down both, and neither's users read the
 * other's. One cluster serves the whole build ({@link TrinoCluster#forBuild}): billing's, the CLI's
 * and the benchmarks' test JVMs attach to the one the first of them started, which nothing of
 * theirs changes (every test reads it, or is refused a write), and it stops when the build does.
 *
 * <p>Skipped, not failed (a JUnit assumption, {@link TrinoCluster#home}), on a JDK older than
 * 24.0.1, which Trino 476 refuses to start on, and where engine-trino's build did not unpack the
 * server ({@code codemode.trinoHome}).
 */
public final class TestTrino {

  /** The owner of the schema: creates and loads it. */
  public static final String OWNER = "writer";

  /** The reader of every tenant's rows. */
  public static final String ANALYST = "analyst";

  public static final String CATALOG = "hive";
  public static final String SCHEMA = "billing";

  /** The tenants with a Trino user of their own: each region, and one of two regions. */
  public static final List<Tenant> TENANTS =
      List.of(
          Tenant.of("emea"), Tenant.of("apac"), Tenant.of("americas"), Tenant.of("apac", "emea"));

  private static TrinoCluster cluster;
  private static RuntimeException failed;

  private TestTrino() {}

  /** The Trino user of {@code tenant}: {@code analyst_} and its values, sorted, joined by _. */
  public static String tenantUser(Tenant tenant) {
    return ANALYST + "_" + String.join("_", new TreeSet<>(tenant.values()));
  }

  /** The rules the cluster runs with: the sample's and the shop's. */
  public static String rules() {
    Map<Tenant, String> users = new LinkedHashMap<>();
    TENANTS.forEach(tenant -> users.put(tenant, tenantUser(tenant)));
    List<TrinoAccess> accesses =
        new ArrayList<>(
            List.of(
                new TrinoAccess(BillingTrino.lockdown(CATALOG, SCHEMA, OWNER), ANALYST, users)));
    accesses.addAll(ShopTrino.accesses(CATALOG, OWNER));
    return TrinoRules.json(accesses);
  }

  /** The running cluster, started and loaded on first use. */
  static synchronized TrinoCluster cluster() {
    Path home = TrinoCluster.home();
    if (failed != null) {
      throw failed;
    }
    if (cluster == null) {
      try {
        cluster =
            TrinoCluster.forBuild(
                home, "trino-billing", rules(), OWNER, fingerprint(), TestTrino::load);
        if (!cluster.startup().isZero()) {
          System.out.printf(
              "Trino coordinator + worker ready and loaded in %d ms, pids %s%n",
              cluster.startup().toMillis(), cluster.pids());
        }
      } catch (Exception e) {
        failed = new IllegalStateException("cannot start the test Trino: " + e, e);
        throw failed;
      }
    }
    return cluster;
  }

  /** The sample's warehouse URL, {@code jdbc:trino://127.0.0.1:<port>/hive/billing}. */
  public static String url() {
    return cluster().url("/" + CATALOG + "/" + SCHEMA);
  }

  /**
   * The shop's warehouse URL, {@code jdbc:trino://127.0.0.1:<port>/hive/shop}: read it as {@link
   * ShopTrino#READER}, or as a store's user ({@link ShopTrino#storeUser}).
   */
  public static String shopUrl() {
    return cluster().url("/" + CATALOG + "/" + ShopTrino.SCHEMA);
  }

  /** A plain trino-jdbc connection as {@code user}, the allowlist bypassed. */
  public static Connection connect(String user) throws SQLException {
    return cluster().connect(user);
  }

  /**
   * The analyst's warehouse, as a host opens it: each tenant's queries run as its own user, whom
   * Trino's row filters confine, as well as behind the allowlist's filters.
   */
  public static Warehouse warehouse() throws WarehouseException {
    return BillingTrino.open(
        url(), ANALYST, null, Warehouse.DEFAULT_MAX_RESULT_BYTES, TestTrino::tenantUser, null);
  }

  /** The bundled parquet directory. */
  public static Path sampleDir() {
    Path dir = Path.of(System.getProperty("codemode.sampleDir", "../sample-data/parquet"));
    if (!Files.isRegularFile(dir.resolve("invoices.parquet"))) {
      throw new IllegalStateException("no bundled sample data at " + dir.toAbsolutePath());
    }
    return dir;
  }

  private static void load(TrinoCluster trino) throws Exception {
    Map<String, String> locations = new LinkedHashMap<>();
    for (String table : List.of("customers", "invoices", "invoice_lines")) {
      locations.put(table, trino.stage(sampleDir().resolve(table + ".parquet"), table));
    }
    try (Connection owner = trino.connect(OWNER)) {
      BillingTrino.load(owner, CATALOG, SCHEMA, locations);
      try (Statement s = owner.createStatement()) {
        s.execute("CREATE TABLE hive.billing.payroll AS SELECT 'ceo' AS name, 1000000 AS salary");
      }
    }
    ShopTrino.load(trino, CATALOG, OWNER);
  }

  /**
   * What the load depends on beside the rules: the bundled files' names and sizes, so a build that
   * regenerated the sample does not attach to a cluster loaded with the old one.
   */
  private static String fingerprint() {
    StringBuilder files = new StringBuilder();
    for (String table : List.of("customers", "invoices", "invoice_lines")) {
      Path file = sampleDir().resolve(table + ".parquet");
      try {
        files.append(table).append('=').append(Files.size(file)).append(';');
      } catch (IOException e) {
        throw new UncheckedIOException("cannot read " + file, e);
      }
    }
    return files.toString();
  }
}
