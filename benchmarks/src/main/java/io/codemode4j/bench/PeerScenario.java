package io.codemode4j.bench;

import io.codemode4j.bridge.CodeExecutionLimits;
import io.codemode4j.bridge.Isolation;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.OptionalDouble;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;

/**
 * The peers of issue 28 in the same run as our passes: QuickJS (quickjs-emscripten) and a Node
 * {@code vm} context run the trivial and three-call programs of {@link BenchToolkit}, the same
 * text, with the sample and warm-up counts of our warm pass, through {@code
 * benchmarks/peer/peer-bench.mjs} on the {@code node} it finds; our process CPU per trivial pass is
 * measured here too, and each of ours is set against QuickJS's.
 *
 * <p>The script and its {@code package.json}/{@code package-lock.json} are resources of this jar
 * (the bench runs from any directory, and the source tree may be read-only); they are written under
 * the cache directory, in a directory named by their hash, and {@code npm ci} installs the locked
 * quickjs-emscripten there once. Without Node, or when the install or the run fails, every peer row
 * says why and the bench goes on.
 */
final class PeerScenario {

  /** The rows this scenario records, in report order: the report's last, from our CPU per pass. */
  static final List<String> METRICS =
      BenchReport.METRIC_NAMES.subList(
          BenchReport.METRIC_NAMES.indexOf("cpu_per_pass_ms"), BenchReport.METRIC_NAMES.size());

  /** The rows that need Node: all but our own CPU per pass. */
  static final List<String> PEER_METRICS = METRICS.subList(1, METRICS.size());

  /** The system property, then the environment variable, that name the node binary to use. */
  static final String NODE_PROPERTY = "codemode.node";

  static final String NODE_ENV = "CODEMODE_NODE";

  private static final String RESOURCES = "peer/";
  private static final List<String> FILES =
      List.of("package.json", "package-lock.json", "peer-bench.mjs");
  private static final String INSTALLED_MARKER = ".installed";

  // npm ci of one locked package (7 files of 9 MiB) takes seconds; minutes mean a stuck registry.
  private static final Duration INSTALL_TIMEOUT = Duration.ofMinutes(5);
  // A full run is 2 peers x 2 scenarios x (20,000 warm-up + 3,000 passes) at about 0.5 ms: under a
  // minute. The bound only keeps a hung node from hanging the bench.
  private static final Duration RUN_TIMEOUT = Duration.ofMinutes(15);

  private static final int CONCURRENCY = CodeExecutionLimits.defaults().maxHostCallConcurrency();

  /** Where node is, or why there is none to use. */
  sealed interface NodeLookup {
    record Found(Path node) implements NodeLookup {}

    record Missing(String reason) implements NodeLookup {}
  }

  private final Effort effort;
  private final Path cacheRoot;
  private final Bench.Results results;
  private final NodeLookup node;

  PeerScenario(Effort effort, Path cacheRoot, Bench.Results results, NodeLookup node) {
    this.effort = effort;
    this.cacheRoot = cacheRoot;
    this.results = results;
    this.node = node;
  }

  /**
   * The node binary: the one {@value #NODE_PROPERTY} or {@value #NODE_ENV} names (a bad name is
   * reported, never replaced by another node), else {@code node} on the PATH.
   */
  static NodeLookup locateNode() {
    String named = System.getProperty(NODE_PROPERTY, System.getenv(NODE_ENV));
    return locateNode(named, System.getenv("PATH"));
  }

  static NodeLookup locateNode(@Nullable String named, @Nullable String path) {
    if (named != null && !named.isBlank()) {
      Path node = Path.of(named);
      return Files.isRegularFile(node) && Files.isExecutable(node)
          ? new NodeLookup.Found(node)
          : new NodeLookup.Missing(
              NODE_PROPERTY
                  + " / "
                  + NODE_ENV
                  + " names "
                  + named
                  + ", which is not an executable file: point it at a node >= 18, or unset it to"
                  + " use node on the PATH");
    }
    Path node = onPath("node", path);
    if (node != null) {
      return new NodeLookup.Found(node);
    }
    return new NodeLookup.Missing(
        "node not found on the PATH: install Node >= 18 (or set "
            + NODE_ENV
            + ") to compare with QuickJS and a Node vm context");
  }

  void run() throws Exception {
    // Node first, while this JVM is idle, so the two never compete for the two cores.
    PeerRun peers = null;
    switch (node) {
      case NodeLookup.Missing missing -> results.notMeasuredAll(PEER_METRICS, missing.reason());
      case NodeLookup.Found found -> {
        try {
          peers = peers(found.node());
        } catch (IOException | RuntimeException e) {
          String reason =
              "the peers were not measured: "
                  + (e.getMessage() == null ? e.toString() : e.getMessage());
          results.notMeasuredAll(PEER_METRICS, reason);
        }
      }
    }
    double ours = ourCpuPerPass();
    results.measured("cpu_per_pass_ms", Stats.of(ours), OptionalDouble.empty());
    if (peers != null) {
      record(peers, ours);
    }
  }

  private PeerRun peers(Path node) throws IOException, InterruptedException {
    Path dir = install(node, cacheRoot, results::progress);
    int samples = effort.passSamples();
    int warmUp = effort.warmUpPasses();
    results.progress(
        String.format(
            Locale.ROOT,
            "peers: QuickJS and a Node vm context, %d warm-up and %d measured passes of each"
                + " program, on %s",
            warmUp,
            samples,
            node));
    PeerRun run = runScript(node, dir, samples, warmUp);
    results.progress("  node " + run.node() + ", quickjs-emscripten " + run.quickjsVersion());
    return run;
  }

  /** The rows of the peers, and ours against QuickJS. */
  private void record(PeerRun peers, double ourCpuPerPass) {
    PeerRun.Peer quickjs = peers.quickjs();
    PeerRun.Peer nodeVm = peers.nodeVm();
    results.measured("quickjs_warm_pass_ms", quickjs.trivial().wallMs(), OptionalDouble.empty());
    results.measured(
        "quickjs_three_call_pass_ms", quickjs.threeCalls().wallMs(), OptionalDouble.empty());
    results.measured(
        "quickjs_cpu_per_pass_ms",
        Stats.of(quickjs.trivial().cpuMsPerPass()),
        OptionalDouble.empty());
    results.measured("node_vm_warm_pass_ms", nodeVm.trivial().wallMs(), OptionalDouble.empty());
    results.measured(
        "node_vm_three_call_pass_ms", nodeVm.threeCalls().wallMs(), OptionalDouble.empty());
    results.measured(
        "node_vm_cpu_per_pass_ms",
        Stats.of(nodeVm.trivial().cpuMsPerPass()),
        OptionalDouble.empty());
    versus("warm_pass_vs_quickjs", "warm_pass_ms", quickjs.trivial());
    versus("three_call_vs_quickjs", "three_call_pass_ms", quickjs.threeCalls());
    results.measured(
        "cpu_per_pass_vs_quickjs",
        Stats.of(ourCpuPerPass / quickjs.trivial().cpuMsPerPass()),
        OptionalDouble.empty());
  }

  /** {@code name}: our {@code ours} row against QuickJS's median, when ours was measured. */
  private void versus(String name, String ours, PeerRun.Scenario quickjs) {
    Metric metric = results.get(ours);
    if (metric.stats().isEmpty()) {
      results.notMeasured(name, ours + " was not measured: " + metric.reason().orElseThrow());
      return;
    }
    results.measured(
        name, metric.stats().get().over(quickjs.wallMs().median()), OptionalDouble.empty());
  }

  /**
   * Our process CPU per trivial pass: the JVM's CPU time (every thread: pass threads, JIT, GC, as
   * {@code process.cpuUsage()} counts Node's) over {@code passSamples} passes of a new Code Mode,
   * each pass making its context as always, divided by the passes. A new Code Mode, warmed with a
   * quarter of the warm pass's warm-up: the JIT already compiled GraalJS's interpreter in the pass
   * scenarios before, so this warms the new engine, not the JVM.
   */
  private double ourCpuPerPass() throws Exception {
    var os = ManagementFactory.getOperatingSystemMXBean();
    if (!(os instanceof com.sun.management.OperatingSystemMXBean cpu)
        || cpu.getProcessCpuTime() < 0) {
      throw new IllegalStateException(
          "this JVM does not report its process CPU time"
              + " (com.sun.management.OperatingSystemMXBean): run the bench on a HotSpot JDK");
    }
    try (BenchToolkit toolkit = new BenchToolkit(CONCURRENCY, Isolation.inProcess())) {
      int warmUp = effort.warmUpPasses() / 4;
      int n = effort.passSamples();
      results.progress(
          "our CPU per pass: " + warmUp + " warm-up passes, then " + n + " trivial passes");
      toolkit.warmUp(BenchToolkit.TRIVIAL, warmUp);
      long before = cpu.getProcessCpuTime();
      int taken = Measure.repeat(n, effort.stepBudget(), i -> toolkit.run(BenchToolkit.TRIVIAL));
      long spent = cpu.getProcessCpuTime() - before;
      return Math.max(spent, 1) / 1e6 / taken;
    }
  }

  /**
   * The directory holding the peer script with quickjs-emscripten installed: {@code
   * bench-peer/<hash of the three files>} under {@code cacheRoot}, installed by {@code npm ci} the
   * first time (into a temporary sibling moved into place once complete, so a failed or concurrent
   * install never leaves a half directory behind).
   */
  static Path install(Path node, Path cacheRoot, java.util.function.Consumer<String> progress)
      throws IOException, InterruptedException {
    List<byte[]> contents = new ArrayList<>();
    for (String file : FILES) {
      contents.add(resource(file));
    }
    Path parent = cacheRoot.resolve("bench-peer");
    String name = hash(contents);
    Path dir = parent.resolve(name);
    if (Files.exists(dir.resolve(INSTALLED_MARKER))) {
      return dir;
    }
    Files.createDirectories(parent);
    Path staging = Files.createTempDirectory(parent, name + ".installing-");
    try {
      for (int i = 0; i < FILES.size(); i++) {
        Files.write(staging.resolve(FILES.get(i)), contents.get(i));
      }
      Path npm = npm(node);
      progress.accept("installing the peer (quickjs-emscripten, npm ci) into " + dir);
      Path log = staging.resolve("npm-ci.log");
      ProcessBuilder builder =
          new ProcessBuilder(
                  npm.toString(), "ci", "--no-audit", "--no-fund", "--no-update-notifier")
              .directory(staging.toFile())
              .redirectErrorStream(true)
              .redirectOutput(log.toFile());
      // npm is a node script: the node found is the one it must run on.
      Path nodeDir = node.toAbsolutePath().getParent();
      if (nodeDir != null) {
        prependToPath(builder, nodeDir);
      }
      int exit = await(builder.start(), INSTALL_TIMEOUT, "npm ci");
      if (exit != 0) {
        throw new IOException(
            "npm ci of benchmarks/peer (quickjs-emscripten) failed with exit "
                + exit
                + ": "
                + tail(log)
                + " (is the npm registry reachable?)");
      }
      Files.writeString(staging.resolve(INSTALLED_MARKER), "npm ci " + npm + "\n");
      try {
        Files.move(staging, dir, StandardCopyOption.ATOMIC_MOVE);
      } catch (FileAlreadyExistsException | AtomicMoveNotSupportedException e) {
        // Another bench installed the same files meanwhile (or left an empty directory): keep its.
        if (!Files.exists(dir.resolve(INSTALLED_MARKER))) {
          throw new IOException("could not move the installed peer into " + dir, e);
        }
      } catch (IOException e) {
        if (!Files.exists(dir.resolve(INSTALLED_MARKER))) {
          throw e;
        }
      }
      return dir;
    } finally {
      deleteTree(staging);
    }
  }

  /** Runs the installed script and parses what it printed. */
  static PeerRun runScript(Path node, Path dir, int samples, int warmUp)
      throws IOException, InterruptedException {
    Path err = Files.createTempFile("peer-bench-", ".err");
    try {
      Process process =
          new ProcessBuilder(
                  node.toString(),
                  "peer-bench.mjs",
                  Integer.toString(samples),
                  Integer.toString(warmUp),
                  BenchToolkit.TRIVIAL,
                  BenchToolkit.THREE_CALLS)
              .directory(dir.toFile())
              .redirectError(err.toFile())
              .start();
      process.getOutputStream().close();
      String out;
      // The script prints one line at the end; reading it to EOF cannot block the process.
      try (InputStream stdout = process.getInputStream()) {
        out = new String(stdout.readAllBytes(), StandardCharsets.UTF_8);
      }
      int exit = await(process, RUN_TIMEOUT, "node peer-bench.mjs");
      if (exit != 0) {
        throw new IOException(node + " peer-bench.mjs failed with exit " + exit + ": " + tail(err));
      }
      return PeerRun.parse(out, samples);
    } finally {
      Files.deleteIfExists(err);
    }
  }

  /** npm next to node (as a Node install lays it out), else on the PATH. */
  private static Path npm(Path node) throws IOException {
    Path beside = node.toAbsolutePath().resolveSibling("npm");
    if (Files.isExecutable(beside)) {
      return beside;
    }
    Path npm = onPath("npm", System.getenv("PATH"));
    if (npm != null) {
      return npm;
    }
    throw new IOException(
        "npm not found next to " + node + " nor on the PATH: install npm to install the peer");
  }

  /** The first executable file {@code name} in a directory of {@code path}, or {@code null}. */
  private static @Nullable Path onPath(String name, @Nullable String path) {
    if (path == null) {
      return null;
    }
    for (String dir : path.split(File.pathSeparator)) {
      if (dir.isEmpty()) {
        continue;
      }
      Path file = Path.of(dir, name);
      if (Files.isRegularFile(file) && Files.isExecutable(file)) {
        return file;
      }
    }
    return null;
  }

  private static void prependToPath(ProcessBuilder builder, Path dir) {
    String path = builder.environment().get("PATH");
    builder
        .environment()
        .put(
            "PATH",
            path == null || path.isEmpty() ? dir.toString() : dir + File.pathSeparator + path);
  }

  private static int await(Process process, Duration timeout, String what)
      throws IOException, InterruptedException {
    if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
      process.destroyForcibly();
      throw new IOException(what + " did not finish within " + timeout.toMinutes() + " minutes");
    }
    return process.exitValue();
  }

  private static byte[] resource(String file) throws IOException {
    try (InputStream in = PeerScenario.class.getResourceAsStream(RESOURCES + file)) {
      if (in == null) {
        throw new IOException(
            "the bench jar lacks its resource io/codemode4j/bench/peer/"
                + file
                + ": rebuild the benchmarks module");
      }
      return in.readAllBytes();
    }
  }

  private static String hash(List<byte[]> contents) {
    try {
      MessageDigest sha = MessageDigest.getInstance("SHA-256");
      contents.forEach(sha::update);
      return HexFormat.of().formatHex(sha.digest()).substring(0, 16);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JDK has SHA-256", e);
    }
  }

  /** The last lines of {@code file}, on one line, for an error message. */
  private static String tail(Path file) throws IOException {
    List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
    List<String> last = lines.subList(Math.max(0, lines.size() - 8), lines.size());
    String text = String.join(" | ", last.stream().map(String::strip).toList());
    return text.isBlank() ? "(no output)" : text;
  }

  private static void deleteTree(Path root) throws IOException {
    if (!Files.exists(root)) {
      return;
    }
    try (Stream<Path> paths = Files.walk(root)) {
      paths
          .sorted(Comparator.reverseOrder())
          .forEach(
              path -> {
                try {
                  Files.deleteIfExists(path);
                } catch (IOException e) {
                  throw new UncheckedIOException(e);
                }
              });
    }
  }
}
