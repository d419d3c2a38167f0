package io.codemode4j.warehouse.trino;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A real Trino for a test class: a coordinator and a worker in two processes started with {@code
 * bin/launcher run} from the tarball the build unpacked ({@code codemode.trinoHome}), on the JDK of
 * the build, both bound to 127.0.0.1 on free ports, with a hive catalog over local parquet (file
 * metastore) and file-based access control from {@link TrinoRules}. The coordinator schedules no
 * splits on itself, so every query runs on the worker: a two-process cluster, not a single node.
 *
 * <p>Ready only once {@code system.runtime.nodes} counts both nodes as the {@link
 * TrinoRules#WRITER} user. Each node's etc, data and log live under {@code
 * target/trino/run/<node>}; the logs stay there after the run for failures. Both processes are
 * stopped and verified gone after the class. Skipped (not failed) on a JDK older than 24.0.1, which
 * Trino 476 refuses to start on.
 */
public final class TrinoCluster implements BeforeAllCallback, AfterAllCallback {

  /** The oldest JDK Trino 476's launcher accepts. */
  private static final Runtime.Version MIN_JDK = Runtime.Version.parse("24.0.1");

  /** Two cores and a shared machine: the measured single node used 0.7-0.8 GB RSS at -Xmx3G. */
  private static final String HEAP = "-Xmx1536m";

  private static final Duration READY_TIMEOUT = Duration.ofSeconds(180);
  private static final Duration STOP_TIMEOUT = Duration.ofSeconds(30);

  private final List<Process> processes = new ArrayList<>();
  private Path root;
  private Path lake;
  private int coordinatorPort;
  private Duration startup;

  @Override
  public void beforeAll(ExtensionContext context) throws Exception {
    Assumptions.assumeTrue(
        Runtime.version().compareTo(MIN_JDK) >= 0,
        () ->
            "Trino 476 needs a JDK >= "
                + MIN_JDK
                + " and this build runs on "
                + Runtime.version()
                + ": the Trino integration tests are skipped. Build with JDK 25 (./mvnw picks it).");
    String home = System.getProperty("codemode.trinoHome");
    Assumptions.assumeTrue(
        home != null && Files.isExecutable(Path.of(home, "bin", "launcher")),
        () ->
            "no unpacked Trino at codemode.trinoHome="
                + home
                + ": run the ITs through Maven (failsafe), whose pre-integration-test phase unpacks it");
    Path trinoHome = Path.of(home);
    root = trinoHome.getParent().resolve("run");
    lake = root.resolve("lake");
    deleteTree(root);
    Files.createDirectories(lake);
    coordinatorPort = freePort();
    int workerPort = freePort();
    long started = System.nanoTime();
    try {
      processes.add(launch(trinoHome, "coordinator", coordinatorPort, true));
      processes.add(launch(trinoHome, "worker", workerPort, false));
      awaitNodes(2);
    } catch (Exception e) {
      stop();
      throw e;
    }
    startup = Duration.ofNanos(System.nanoTime() - started);
  }

  @Override
  public void afterAll(ExtensionContext context) throws Exception {
    stop();
  }

  /** How long both processes took to answer with two nodes. */
  public Duration startup() {
    return startup;
  }

  /** The process ids of the coordinator and the worker. */
  public List<Long> pids() {
    return processes.stream().map(Process::pid).toList();
  }

  /**
   * Copies {@code parquet} into the lake as the only file of directory {@code table}, returning the
   * location a hive external table gives for it.
   */
  public String stage(Path parquet, String table) throws IOException {
    Path dir = lake.resolve(table);
    Files.createDirectories(dir);
    Files.copy(parquet, dir.resolve(table + ".parquet"), StandardCopyOption.REPLACE_EXISTING);
    return "local:///" + table;
  }

  /** A plain trino-jdbc connection as {@code user}, no allowlist in between. */
  public Connection connect(String user) throws SQLException {
    Properties props = new Properties();
    props.setProperty("user", user);
    return DriverManager.getConnection("jdbc:trino://127.0.0.1:" + coordinatorPort, props);
  }

  private Process launch(Path trinoHome, String node, int port, boolean coordinator)
      throws IOException {
    Path dir = root.resolve(node);
    Path etc = dir.resolve("etc");
    Path data = dir.resolve("data");
    Files.createDirectories(etc.resolve("catalog"));
    Files.createDirectories(data);
    Files.writeString(
        etc.resolve("node.properties"),
        String.join(
            "\n",
            "node.environment=codemode4j_it",
            "node.id=" + node,
            "node.data-dir=" + data,
            "node.bind-ip=127.0.0.1",
            "node.internal-address=127.0.0.1",
            ""));
    Files.writeString(
        etc.resolve("jvm.config"),
        String.join(
            "\n",
            "-server",
            HEAP,
            "-XX:+UseG1GC",
            "-XX:+ExitOnOutOfMemoryError",
            "-Djdk.attach.allowAttachSelf=true",
            "-Dfile.encoding=UTF-8",
            ""));
    List<String> config = new ArrayList<>();
    config.add("coordinator=" + coordinator);
    config.add("http-server.http.port=" + port);
    config.add("discovery.uri=http://127.0.0.1:" + coordinatorPort);
    config.add("query.max-memory=512MB");
    config.add("query.max-memory-per-node=256MB");
    // Only the hive plugin: the core tarball's exchange-filesystem plugin fails to load on its own
    // (NoClassDefFoundError for Guava's ImmutableList, its jars ship in the full server only).
    config.add("plugin.dir=" + plugins(trinoHome));
    if (coordinator) {
      // Every split goes to the worker: queries really cross the two processes.
      config.add("node-scheduler.include-coordinator=false");
    }
    Files.writeString(etc.resolve("config.properties"), String.join("\n", config) + "\n");
    if (coordinator) {
      Path rules = etc.resolve("rules.json");
      Files.writeString(rules, TrinoRules.json());
      Files.writeString(
          etc.resolve("access-control.properties"),
          "access-control.name=file\nsecurity.config-file=" + rules + "\n");
    }
    Files.writeString(
        etc.resolve("catalog").resolve("hive.properties"),
        String.join(
            "\n",
            "connector.name=hive",
            "hive.metastore=file",
            "hive.metastore.catalog.dir=local:///metastore",
            "fs.native-local.enabled=true",
            "local.location=" + lake,
            ""));
    Path log = dir.resolve("server.log");
    ProcessBuilder builder =
        new ProcessBuilder(
                trinoHome.resolve("bin").resolve("launcher").toString(),
                "--etc-dir=" + etc,
                "--data-dir=" + data,
                "--jvm-dir=" + System.getProperty("java.home"),
                "run")
            .redirectErrorStream(true)
            .redirectOutput(log.toFile());
    builder.environment().put("JAVA_HOME", System.getProperty("java.home"));
    return builder.start();
  }

  private void awaitNodes(int expected) throws Exception {
    long deadline = System.nanoTime() + READY_TIMEOUT.toNanos();
    Exception last = null;
    long seen = 0;
    while (System.nanoTime() < deadline) {
      for (Process p : processes) {
        if (!p.isAlive()) {
          throw new IllegalStateException(
              "a Trino process exited with "
                  + p.exitValue()
                  + " before the cluster was ready: see the server.log files under "
                  + root);
        }
      }
      try (Connection c = connect(TrinoRules.WRITER);
          Statement s = c.createStatement();
          ResultSet rs =
              s.executeQuery("SELECT count(*) FROM system.runtime.nodes WHERE state = 'active'")) {
        rs.next();
        seen = rs.getLong(1);
        if (seen == expected) {
          return;
        }
      } catch (SQLException e) {
        last = e;
      }
      Thread.sleep(500);
    }
    throw new IllegalStateException(
        "Trino did not count "
            + expected
            + " active nodes within "
            + READY_TIMEOUT
            + " (last count "
            + seen
            + "): see the server.log files under "
            + root,
        last);
  }

  private void stop() throws InterruptedException {
    List<String> survivors = new ArrayList<>();
    for (Process p : processes) {
      List<ProcessHandle> tree = new ArrayList<>(p.descendants().toList());
      tree.add(p.toHandle());
      tree.forEach(ProcessHandle::destroy);
      for (ProcessHandle h : tree) {
        try {
          h.onExit().get(STOP_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (Exception e) {
          h.destroyForcibly();
        }
      }
      tree.stream().filter(ProcessHandle::isAlive).forEach(h -> survivors.add(h.pid() + ""));
    }
    processes.clear();
    if (!survivors.isEmpty()) {
      throw new IllegalStateException("Trino processes still alive after stop: " + survivors);
    }
  }

  private Path plugins(Path trinoHome) throws IOException {
    Path dir = root.resolve("plugins");
    Path hive = dir.resolve("hive");
    if (!Files.exists(hive)) {
      Files.createDirectories(dir);
      Files.createSymbolicLink(hive, trinoHome.resolve("plugin").resolve("trino-hive-476"));
    }
    return dir;
  }

  private static int freePort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    }
  }

  private static void deleteTree(Path dir) throws IOException {
    if (!Files.exists(dir)) {
      return;
    }
    try (var paths = Files.walk(dir)) {
      paths
          .sorted(java.util.Comparator.reverseOrder())
          .forEach(
              p -> {
                try {
                  Files.delete(p);
                } catch (IOException e) {
                  throw new UncheckedIOException(e);
                }
              });
    }
  }
}
