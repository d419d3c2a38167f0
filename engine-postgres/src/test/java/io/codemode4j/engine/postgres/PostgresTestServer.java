package io.codemode4j.engine.postgres;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;

/**
 * The engine's test server: one real PostgreSQL 18 per test JVM (zonky's embedded binaries from
 * Maven Central, about 2 s to start), bare. A suite makes its own database, roles and rows on it as
 * its superuser: this module's {@link PostgresShopIT} the shop, billing's {@code TestPostgres} the
 * sample.
 */
public final class PostgresTestServer {

  /** The server's superuser, which zonky lets in from loopback without a password. */
  public static final String SUPERUSER = "postgres";

  private static EmbeddedPostgres server;

  private PostgresTestServer() {}

  /** The running server, started on first use and stopped when the JVM ends. */
  public static synchronized EmbeddedPostgres server() {
    if (server == null) {
      try {
        server = EmbeddedPostgres.builder().start();
      } catch (IOException e) {
        throw new UncheckedIOException("cannot start the test PostgreSQL", e);
      }
      Runtime.getRuntime().addShutdownHook(new Thread(PostgresTestServer::stop));
    }
    return server;
  }

  /** The JDBC URL of {@code database} on the server, over loopback. */
  public static String url(String database) {
    return "jdbc:postgresql://127.0.0.1:" + server().getPort() + "/" + database;
  }

  /** A connection of the superuser to {@code database}. */
  public static Connection superuser(String database) throws SQLException {
    return DriverManager.getConnection(url(database), SUPERUSER, "");
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
