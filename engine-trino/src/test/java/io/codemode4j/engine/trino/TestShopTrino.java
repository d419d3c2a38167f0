package io.codemode4j.engine.trino;

import io.codemode4j.warehouse.ShopDomain;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;

/**
 * The engine's own test Trino: one real Trino per test JVM ({@link TrinoCluster}, a coordinator and
 * a worker run under this module's {@code target/trino-run}), started on first use and holding
 * {@link ShopDomain} alone ({@link ShopTrino#load}), locked down by the shop's rules alone ({@link
 * ShopTrino#accesses}): {@link ShopTrino#READER} reads every store, each store's user ({@link
 * ShopTrino#STORE_USER}) only its own. Nothing of the billing sample is in it (billing's {@code
 * TestTrino} holds the shop beside the sample). Stopped when the JVM ends.
 *
 * <p>Skipped, not failed (a JUnit assumption, {@link TrinoCluster#home}), on a JDK older than
 * 24.0.1, which Trino 476 refuses to start on, and where the build did not unpack the server.
 */
final class TestShopTrino {

  /** The owner of the shop's schemas: creates and loads them. */
  static final String OWNER = "writer";

  static final String CATALOG = "hive";

  private static TrinoCluster cluster;
  private static RuntimeException failed;

  private TestShopTrino() {}

  /** The running cluster, started and loaded on first use. */
  static synchronized TrinoCluster cluster() {
    Path home = TrinoCluster.home();
    if (failed != null) {
      throw failed;
    }
    if (cluster == null) {
      try {
        cluster =
            new TrinoCluster(
                home,
                Path.of("target", "trino-run"),
                TrinoRules.json(ShopTrino.accesses(CATALOG, OWNER)),
                OWNER);
        Runtime.getRuntime().addShutdownHook(new Thread(TestShopTrino::stop));
        ShopTrino.load(cluster, CATALOG, OWNER);
        System.out.printf(
            "Trino coordinator + worker ready and loaded with the shop in %d ms, pids %s%n",
            cluster.startup().toMillis(), cluster.pids());
      } catch (Exception e) {
        failed = new IllegalStateException("cannot start the engine's test Trino: " + e, e);
        stop();
        throw failed;
      }
    }
    return cluster;
  }

  /**
   * The shop's warehouse URL, {@code jdbc:trino://127.0.0.1:<port>/hive/shop}: read it as {@link
   * ShopTrino#READER}, or as a store's user.
   */
  static String url() {
    return cluster().url("/" + CATALOG + "/" + ShopTrino.SCHEMA);
  }

  /** A plain trino-jdbc connection as {@code user}, no allowlist in between. */
  static Connection connect(String user) throws SQLException {
    return cluster().connect(user);
  }

  private static synchronized void stop() {
    if (cluster != null) {
      cluster.stop();
      cluster = null;
    }
  }
}
