package io.codemode4j.engine.mariadb;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Stream;

/**
 * One real MariaDB per test JVM, started from Debian's binaries ({@code mariadb-server}, which
 * {@code .ci/run} installs) in a temporary data directory on 127.0.0.1 and a free port, with no
 * data: each domain loads and locks down its own database ({@link TestShopMariaDb}, and the billing
 * module's {@code TestBillingMariaDb}). Tests that need it are skipped, with the reason, only where
 * {@code mariadbd} is not installed.
 *
 * <p>Decided: the server is installed as {@code mariadb-install-db} leaves it by default (a {@code
 * test} database that the role PUBLIC may write), so that {@link MariaDbLockdown} is proven against
 * it; its anonymous accounts are dropped, as {@code mariadb-secure-installation} does, since an
 * anonymous {@code ''@'localhost'} wins over every {@code user@'%'} connecting from this host.
 */
public final class TestMariaDb {

  public static final String ADMIN = "root";

  /** Every account's password on this test server. */
  public static final String PASSWORD = "s3cret-not-echoed";

  /** The server cap each reader gets, short so that the tests of it are quick. */
  public static final Duration STATEMENT_TIME = Duration.ofSeconds(3);

  private static final Duration START = Duration.ofSeconds(120);

  private static final List<Path> SERVER_BINARIES =
      List.of(Path.of("/usr/sbin/mariadbd"), Path.of("/usr/bin/mariadbd"));

  private static Process server;
  private static Path dataDir;
  private static int port;

  private TestMariaDb() {}

  /** The server binary, or {@code null} when MariaDB is not installed. */
  static Path binary() {
    return SERVER_BINARIES.stream().filter(Files::isExecutable).findFirst().orElse(null);
  }

  /**
   * Starts the server once per JVM, or skips the calling test when {@code mariadbd} is absent.
   *
   * @throws IllegalStateException when it is installed but cannot be started or prepared
   */
  public static synchronized void start() {
    Path mariadbd = binary();
    assumeTrue(
        mariadbd != null,
        "MariaDB is not installed (no mariadbd in /usr/sbin or /usr/bin): apt-get install"
            + " mariadb-server, as .ci/run does");
    if (server != null) {
      return;
    }
    try {
      dataDir = Files.createTempDirectory("codemode-mariadb");
      port = freePort();
      String user = System.getProperty("user.name");
      run(
          List.of(
              "mariadb-install-db",
              "--no-defaults",
              "--datadir=" + dataDir.resolve("data"),
              "--auth-root-authentication-method=normal",
              "--user=" + user),
          dataDir.resolve("install.log"));
      server =
          new ProcessBuilder(
                  mariadbd.toString(),
                  "--no-defaults",
                  "--datadir=" + dataDir.resolve("data"),
                  "--socket=" + dataDir.resolve("mariadb.sock"),
                  "--pid-file=" + dataDir.resolve("mariadb.pid"),
                  "--port=" + port,
                  "--bind-address=127.0.0.1",
                  "--user=" + user,
                  "--innodb-buffer-pool-size=64M",
                  "--skip-log-bin")
              .redirectErrorStream(true)
              .start();
      Runtime.getRuntime().addShutdownHook(new Thread(TestMariaDb::stop));
      awaitReady();
      prepare();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (SQLException e) {
      throw new IllegalStateException("cannot prepare the test MariaDB: " + e, e);
    }
  }

  /** Waits for the server's own "ready for connections" line, then for a query to answer. */
  private static void awaitReady() throws IOException, SQLException {
    CompletableFuture<Void> ready = new CompletableFuture<>();
    List<String> log = new ArrayList<>();
    Thread reader =
        new Thread(
            () -> {
              try (BufferedReader lines =
                  new BufferedReader(
                      new InputStreamReader(server.getInputStream(), StandardCharsets.UTF_8))) {
                String line;
                while ((line = lines.readLine()) != null) {
                  synchronized (log) {
                    log.add(line);
                  }
                  if (line.contains("ready for connections")) {
                    ready.complete(null);
                  }
                }
              } catch (IOException e) {
                ready.completeExceptionally(e);
              }
              ready.completeExceptionally(
                  new IllegalStateException("mariadbd exited before it was ready"));
            },
            "mariadbd-log");
    reader.setDaemon(true);
    reader.start();
    try {
      ready.get(START.toSeconds(), TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while MariaDB started", e);
    } catch (ExecutionException | TimeoutException e) {
      synchronized (log) {
        throw new IllegalStateException(
            "MariaDB did not become ready within "
                + START.toSeconds()
                + " s on port "
                + port
                + ": "
                + String.join("\n", log),
            e);
      }
    }
    try (Connection admin = admin();
        Statement sql = admin.createStatement()) {
      sql.execute("SELECT 1");
    }
  }

  /** Drops the anonymous accounts, as {@code mariadb-secure-installation} does. */
  private static void prepare() throws SQLException {
    try (Connection admin = admin();
        Statement sql = admin.createStatement()) {
      sql.execute("DROP USER IF EXISTS ''@'localhost'");
      sql.execute("DROP USER IF EXISTS ''@'" + hostName(sql) + "'");
    }
  }

  private static String hostName(Statement sql) throws SQLException {
    try (var rs = sql.executeQuery("SELECT @@hostname")) {
      rs.next();
      return rs.getString(1);
    }
  }

  /** {@code jdbc:mariadb://127.0.0.1:PORT/} and {@code database}; starts the server. */
  public static String url(String database) {
    start();
    return "jdbc:mariadb://127.0.0.1:" + port + "/" + database;
  }

  public static Connection connect(String user, String database) throws SQLException {
    return DriverManager.getConnection(url(database), user, PASSWORD);
  }

  /** The administrator ({@code root}, no password on this test server). */
  public static Connection admin() throws SQLException {
    return DriverManager.getConnection("jdbc:mariadb://127.0.0.1:" + port + "/", ADMIN, "");
  }

  private static void run(List<String> command, Path log) throws IOException {
    Process process =
        new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    try {
      if (!process.waitFor(START.toSeconds(), TimeUnit.SECONDS) || process.exitValue() != 0) {
        process.destroyForcibly();
        throw new IllegalStateException(
            String.join(" ", command) + " failed: " + Files.readString(log));
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted during " + command.getFirst(), e);
    }
  }

  private static int freePort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    }
  }

  private static synchronized void stop() {
    if (server == null) {
      return;
    }
    server.destroy();
    try {
      if (!server.waitFor(60, TimeUnit.SECONDS)) {
        server.destroyForcibly();
      }
    } catch (InterruptedException e) {
      server.destroyForcibly();
    }
    try (Stream<Path> files = Files.walk(dataDir)) {
      files.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
    } catch (IOException e) {
      // The JVM is ending; the directory is a temporary one.
    }
  }
}
