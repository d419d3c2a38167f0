package io.codemode4j.engine.trino;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Assumptions;

/**
 * A real Trino: a coordinator and a worker in two processes started with {@code bin/launcher run}
 * from the tarball the build unpacked, on the JDK of the build, both bound to 127.0.0.1 on free
 * ports, with a hive catalog over local parquet (file metastore) and file-based access control from
 * the rules it is given. The coordinator schedules no splits on itself, so every query runs on the
 * worker: a two-process cluster, not a single node.
 *
 * <p>Ready only once {@code system.runtime.nodes} counts both nodes as the owner and a query runs
 * on the worker. Each node's etc, data and log live under {@code <run>/<node>}, a directory of the
 * starting module's own (the unpacked server is shared by the test JVMs of several modules); the
 * logs stay there after the run for failures. {@link #stop} ends both processes and verifies they
 * are gone. A holder starts one and loads it: this module's {@link TestShopTrino} (the shop alone,
 * one per test JVM), billing's {@code TestTrino} (the billing sample and the shop, one per build:
 * {@link #forBuild}).
 */
public final class TrinoCluster {

  /** Two cores and a shared machine: the measured single node used 0.7-0.8 GB RSS at -Xmx3G. */
  private static final String HEAP = "-Xmx1536m";

  /** The oldest JDK Trino 476's launcher accepts. */
  private static final Runtime.Version MIN_JDK = Runtime.Version.parse("24.0.1");

  private static final Duration READY_TIMEOUT = Duration.ofSeconds(180);

  /** A cluster found running answers at once; one that does not within this is started afresh. */
  private static final Duration ATTACH_TIMEOUT = Duration.ofSeconds(20);

  private static final Duration STOP_TIMEOUT = Duration.ofSeconds(30);

  /** The launcher processes of both nodes: started here, or found alive by {@link #forBuild}. */
  private final List<ProcessHandle> nodes = new ArrayList<>();

  private final Path root;
  private final Path lake;
  private final String owner;
  private final int coordinatorPort;
  private final Duration startup;

  /**
   * Starts both processes from the unpacked tarball at {@code trinoHome} with {@code rules} as the
   * access control rules, each node under {@code run} (deleted first, so a run starts clean), and
   * waits until both nodes are active as {@code owner}.
   */
  public TrinoCluster(Path trinoHome, Path run, String rules, String owner) throws Exception {
    this.root = run.toAbsolutePath();
    this.lake = root.resolve("lake");
    this.owner = owner;
    deleteTree(root);
    Files.createDirectories(lake);
    coordinatorPort = freePort();
    int workerPort = freePort();
    long started = System.nanoTime();
    try {
      nodes.add(launch(trinoHome, "coordinator", coordinatorPort, true, rules).toHandle());
      nodes.add(launch(trinoHome, "worker", workerPort, false, rules).toHandle());
      awaitNodes(2, READY_TIMEOUT);
    } catch (Exception e) {
      stop();
      throw e;
    }
    startup = Duration.ofNanos(System.nanoTime() - started);
  }

  /** The cluster a state file names, its processes found alive: nothing is started. */
  private TrinoCluster(Path run, String owner, int coordinatorPort, List<ProcessHandle> nodes) {
    this.root = run.toAbsolutePath();
    this.lake = root.resolve("lake");
    this.owner = owner;
    this.coordinatorPort = coordinatorPort;
    this.nodes.addAll(nodes);
    this.startup = Duration.ZERO;
  }

  /**
   * The build's cluster named {@code name}: one Trino for every test JVM of the build that asks for
   * it with the same rules, owner and load, instead of one per module (each start costs about 40 s
   * and a core). Its state lives under {@code codemode.buildServers} (the root's {@code
   * target/test-servers}, set by the parent pom; a module's {@code target} without it), and a file
   * lock there lets one JVM at a time start or attach. The first JVM starts the cluster, runs
   * {@code load} once and writes the state last; a later JVM whose {@code fingerprint} (with the
   * rules and owner) matches and whose nodes are alive and active attaches. Anything else (another
   * fingerprint, a node gone, a cluster that does not answer) is stopped and started afresh.
   *
   * <p>Nothing in a test JVM stops it: a small reaper ({@code tail --pid}) ends both nodes when the
   * build's Maven JVM exits (the nearest {@code java} ancestor of this JVM), whichever way it
   * exits. Without such an ancestor the cluster is this JVM's and stops with it.
   */
  public static TrinoCluster forBuild(
      Path trinoHome, String name, String rules, String owner, String fingerprint, Load load)
      throws Exception {
    Path servers =
        Path.of(System.getProperty("codemode.buildServers", "target/test-servers"))
            .toAbsolutePath();
    Path run = servers.resolve(name);
    Path stateFile = servers.resolve(name + ".properties");
    Properties key = new Properties();
    key.setProperty("key.rules", sha256(rules));
    key.setProperty("key.owner", owner);
    key.setProperty("key.home", trinoHome.toString());
    key.setProperty("key.load", fingerprint);
    Files.createDirectories(servers);
    try (FileChannel lockFile =
            FileChannel.open(
                servers.resolve(name + ".lock"),
                StandardOpenOption.CREATE,
                StandardOpenOption.WRITE);
        FileLock ignored = lockFile.lock()) {
      TrinoCluster attached = attach(run, stateFile, owner, key);
      if (attached != null) {
        return attached;
      }
      TrinoCluster cluster = new TrinoCluster(trinoHome, run, rules, owner);
      try {
        load.into(cluster);
        ProcessHandle build = buildJvm();
        if (build == null) {
          Runtime.getRuntime().addShutdownHook(new Thread(cluster::stop));
        } else {
          cluster.reapWhenGone(build);
        }
        Properties state = new Properties();
        state.putAll(key);
        state.setProperty("port", Integer.toString(cluster.coordinatorPort));
        state.setProperty(
            "pids",
            String.join(",", cluster.nodes.stream().map(h -> Long.toString(h.pid())).toList()));
        try (var out = Files.newBufferedWriter(stateFile)) {
          state.store(out, "the build's Trino " + name + " (TrinoCluster.forBuild)");
        }
        return cluster;
      } catch (Exception e) {
        cluster.stop();
        throw e;
      }
    }
  }

  /** Loads a cluster that {@link #forBuild} just started. */
  @FunctionalInterface
  public interface Load {
    void into(TrinoCluster cluster) throws Exception;
  }

  /**
   * The cluster {@code stateFile} names when it is this key's, both nodes alive, and both active;
   * otherwise {@code null}, after stopping whatever of it is still running.
   */
  private static @Nullable TrinoCluster attach(
      Path run, Path stateFile, String owner, Properties key) throws IOException {
    if (!Files.isRegularFile(stateFile)) {
      return null;
    }
    Properties state = new Properties();
    try (var in = Files.newBufferedReader(stateFile)) {
      state.load(in);
    }
    Files.delete(stateFile);
    // A pid alone may have been reused by another process since: only a process whose command
    // line names this cluster's directory is taken for one of its nodes (and ever stopped).
    String dir = run.toAbsolutePath().toString();
    List<ProcessHandle> alive = new ArrayList<>();
    for (String pid : state.getProperty("pids", "").split(",")) {
      ProcessHandle.of(Long.parseLong(pid))
          .filter(ProcessHandle::isAlive)
          .filter(h -> h.info().commandLine().orElse("").contains(dir))
          .ifPresent(alive::add);
    }
    TrinoCluster found =
        new TrinoCluster(run, owner, Integer.parseInt(state.getProperty("port", "0")), alive);
    List<String> changed =
        key.stringPropertyNames().stream()
            .filter(k -> !key.getProperty(k).equals(state.getProperty(k)))
            .sorted()
            .toList();
    if (!changed.isEmpty()) {
      System.out.printf(
          "the build's Trino under %s was started with another %s: restarting it%n", run, changed);
    } else if (alive.size() != 2) {
      System.out.printf(
          "the build's Trino under %s has %d of its 2 nodes alive: restarting it%n",
          run, alive.size());
    } else {
      try {
        found.awaitNodes(2, ATTACH_TIMEOUT);
        try (var out = Files.newBufferedWriter(stateFile)) {
          state.store(out, "the build's Trino (TrinoCluster.forBuild)");
        }
        System.out.printf(
            "Trino coordinator + worker of the build attached, pids %s%n", found.pids());
        return found;
      } catch (Exception e) {
        System.out.printf(
            "the build's Trino under %s does not answer (%s): restarting it%n", run, e);
      }
    }
    found.stop();
    return null;
  }

  /** The Maven JVM that runs this test JVM: the nearest {@code java} ancestor, or {@code null}. */
  private static @Nullable ProcessHandle buildJvm() {
    for (ProcessHandle h = ProcessHandle.current().parent().orElse(null);
        h != null;
        h = h.parent().orElse(null)) {
      if (h.info().command().orElse("").endsWith("/java")) {
        return h;
      }
    }
    return null;
  }

  /**
   * Starts {@code tail --pid} on {@code build}, then a TERM to both nodes and what they started:
   * the cluster outlives this test JVM and ends with the build. The reaper is not this JVM's child
   * for long: it is reparented when this JVM exits and keeps waiting.
   */
  private void reapWhenGone(ProcessHandle build) throws IOException {
    List<String> command =
        new ArrayList<>(
            List.of(
                "sh",
                "-c",
                "tail --pid=\"$0\" -f /dev/null; kill \"$@\" 2>/dev/null",
                Long.toString(build.pid())));
    for (ProcessHandle node : nodes) {
      command.add(Long.toString(node.pid()));
      node.descendants().forEach(d -> command.add(Long.toString(d.pid())));
    }
    new ProcessBuilder(command)
        .redirectOutput(ProcessBuilder.Redirect.DISCARD)
        .redirectError(ProcessBuilder.Redirect.DISCARD)
        .start();
  }

  private static String sha256(String text) {
    try {
      return HexFormat.of()
          .formatHex(
              MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("no SHA-256 in this JDK", e);
    }
  }

  /**
   * The unpacked server the build gives the test JVM ({@code codemode.trinoHome}, which
   * engine-trino's pre-integration-test phase unpacks). Skips the calling test, a JUnit assumption
   * rather than a failure, on a JDK older than 24.0.1, which Trino 476 refuses to start on, and
   * where no server is unpacked there.
   */
  public static Path home() {
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
                + ": run the ITs through Maven (failsafe) with engine-trino in the build (e.g."
                + " ./mvnw verify -pl engine-trino,billing), whose pre-integration-test phase"
                + " unpacks it");
    return Path.of(home);
  }

  /** How long both processes took to answer with two nodes. */
  public Duration startup() {
    return startup;
  }

  /** The process ids of the coordinator and the worker. */
  public List<Long> pids() {
    return nodes.stream().map(ProcessHandle::pid).toList();
  }

  /**
   * Copies {@code parquet} into the lake as the only file of {@code directory} (a relative path,
   * e.g. {@code invoices} or {@code shop/orders}), returning the location a hive external table
   * gives for it.
   */
  public String stage(Path parquet, String directory) throws IOException {
    Path dir = lake.resolve(directory);
    Files.createDirectories(dir);
    Files.copy(parquet, dir.resolve(parquet.getFileName()), StandardCopyOption.REPLACE_EXISTING);
    return "local:///" + directory;
  }

  /** The coordinator's URL with {@code path} ({@code /catalog/schema}, or empty). */
  public String url(String path) {
    return "jdbc:trino://127.0.0.1:" + coordinatorPort + path;
  }

  /** A plain trino-jdbc connection as {@code user}, no allowlist in between. */
  public Connection connect(String user) throws SQLException {
    Properties props = new Properties();
    props.setProperty("user", user);
    return DriverManager.getConnection(url(""), props);
  }

  private Process launch(Path trinoHome, String node, int port, boolean coordinator, String rules)
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
    // A test cluster's economy on two shared cores: the serial collector and C1 alone. The tests'
    // data is small and most of a node's CPU goes to starting up, which C2 made cost more: engine-
    // trino's IT took 101 s of CPU (72 s wall) with G1 and C2, 59 s (57 s) with these, load 3-8.
    Files.writeString(
        etc.resolve("jvm.config"),
        String.join(
            "\n",
            "-server",
            HEAP,
            "-XX:+UseSerialGC",
            "-XX:TieredStopAtLevel=1",
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
      Path rulesFile = etc.resolve("rules.json");
      Files.writeString(rulesFile, rules);
      Files.writeString(
          etc.resolve("access-control.properties"),
          "access-control.name=file\nsecurity.config-file=" + rulesFile + "\n");
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

  private void awaitNodes(int expected, Duration timeout) throws Exception {
    long deadline = System.nanoTime() + timeout.toNanos();
    Exception last = null;
    long seen = 0;
    while (System.nanoTime() < deadline) {
      for (ProcessHandle node : nodes) {
        if (!node.isAlive()) {
          throw new IllegalStateException(
              "a Trino process ("
                  + node.pid()
                  + ") exited before the cluster was ready: see the server.log files under "
                  + root);
        }
      }
      try (Connection c = connect(owner);
          Statement s = c.createStatement();
          ResultSet rs =
              s.executeQuery("SELECT count(*) FROM system.runtime.nodes WHERE state = 'active'")) {
        rs.next();
        seen = rs.getLong(1);
        if (seen == expected) {
          // The scheduler learns of the worker a few seconds after the nodes table lists it; until
          // then a query that needs a worker fails with "No worker nodes available".
          s.executeQuery("SELECT count(*) FROM (VALUES 1, 2) t(x) GROUP BY x").close();
          return;
        }
      } catch (SQLException e) {
        last = e;
      }
      // Trino announces no node's readiness to a client: poll until READY_TIMEOUT, every 500 ms.
      // A process that exits ends the wait at once (onExit), rather than at the next poll.
      CompletableFuture.anyOf(
              nodes.stream().map(ProcessHandle::onExit).toArray(CompletableFuture[]::new))
          .completeOnTimeout(null, 500, TimeUnit.MILLISECONDS)
          .join();
    }
    throw new IllegalStateException(
        "Trino did not count "
            + expected
            + " active nodes within "
            + timeout
            + " (last count "
            + seen
            + "): see the server.log files under "
            + root,
        last);
  }

  /** Ends both processes; throws when one is still alive afterwards. */
  public void stop() {
    List<String> survivors = new ArrayList<>();
    for (ProcessHandle node : nodes) {
      List<ProcessHandle> tree = new ArrayList<>(node.descendants().toList());
      tree.add(node);
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
    nodes.clear();
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
