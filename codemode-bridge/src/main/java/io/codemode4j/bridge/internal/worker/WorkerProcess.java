package io.codemode4j.bridge.internal.worker;

import static java.util.concurrent.TimeUnit.NANOSECONDS;

import io.codemode4j.bridge.audit.LogText;
import java.io.IOException;
import java.io.InputStream;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.Channels;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One worker JVM, the pool's entry (as HikariCP's {@code PoolEntry}): its process, the frames it
 * sends (in order, then {@link Inbound#END}) and its stdin.
 *
 * <p>Decided: the worker sends its frames over a Unix domain socket of its own (in a directory only
 * this user can enter, bound for the one connection, then removed), not over its stdout. A JVM
 * writes to stdout what no flag of ours fully turns off: the unified log lines that {@code
 * JAVA_TOOL_OPTIONS} or {@code JDK_JAVA_OPTIONS} ask for ({@code -Xlog:gc}, {@code -verbose:gc},
 * JFR's start-up lines), an agent's banner; on stdout they broke the first frame and no worker ever
 * started. The worker's stdout is copied to this process's stderr, as its stderr is.
 */
final class WorkerProcess {

  private static final Logger LOG = LoggerFactory.getLogger(WorkerProcess.class);

  /** The socket's file name in its directory. */
  private static final String SOCKET = "frames";

  /** How often a worker that has not said it is ready is checked for being alive. */
  private static final long READY_CHECK_NANOS = TimeUnit.SECONDS.toNanos(1);

  /** How long a new worker may take to say it is ready. */
  static final Duration START_TIMEOUT = Duration.ofSeconds(60);

  /** The exit code of a JVM run with {@code -XX:+ExitOnOutOfMemoryError}. */
  static final int EXIT_OUT_OF_MEMORY = 3;

  /**
   * What a worker's reader thread hands the pass: a frame, a frame it refused, or the end of the
   * worker's stdout ({@link #END}).
   */
  sealed interface Inbound {
    record Received(Frame frame) implements Inbound {}

    record Refused(FrameProtocolException error) implements Inbound {}

    record Ended() implements Inbound {}

    Inbound END = new Ended();
  }

  private final Process process;
  private final Frames.Writer in;
  private final BlockingQueue<Inbound> frames = new LinkedBlockingQueue<>();

  /** Where the worker connects; closed once it has, or when it is killed before it could. */
  private final ServerSocketChannel channel;

  private WorkerProcess(Process process, ServerSocketChannel channel, Path socketDirectory) {
    this.process = process;
    this.in = new Frames.Writer(process.getOutputStream());
    this.channel = channel;
    Thread.ofVirtual()
        .name("codemode-worker-stdout-" + process.pid())
        .start(() -> copyToStderr(process.getInputStream()));
    // A platform thread: a virtual one blocked on a socket would start the JDK's poller threads,
    // which outlive every worker.
    Thread.ofPlatform()
        .daemon(true)
        .name("codemode-worker-reader-" + process.pid())
        .start(
            () -> {
              try (channel;
                  SocketChannel connection = accept(channel, socketDirectory)) {
                Frames.Reader out =
                    new Frames.Reader(Channels.newInputStream(connection), Frames.FROM_WORKER);
                for (Frame frame; (frame = out.read()) != null; ) {
                  frames.add(new Inbound.Received(frame));
                }
              } catch (FrameProtocolException e) {
                // The stream cannot be trusted past a refused frame: the pass ends there.
                frames.add(new Inbound.Refused(e));
              } catch (IOException | RuntimeException e) {
                // A dying JVM may write last, or never connect; the pass learns why from the exit
                // code, not from this.
                LOG.debug(
                    "worker {} sent an unreadable frame: {}",
                    process.pid(),
                    LogText.of(e.toString()));
              }
              frames.add(Inbound.END);
            });
  }

  /** The worker's one connection; the socket's file and directory are removed once it is made. */
  private static SocketChannel accept(ServerSocketChannel channel, Path socketDirectory)
      throws IOException {
    try {
      return channel.accept();
    } finally {
      Files.deleteIfExists(socketDirectory.resolve(SOCKET));
      Files.deleteIfExists(socketDirectory);
    }
  }

  /**
   * A new temporary directory only this user can enter; where the file system has no POSIX
   * permissions (Windows), one with the default rights of the user's temporary directory.
   */
  private static Path privateDirectory() throws IOException {
    try {
      return Files.createTempDirectory(
          "codemode-worker-",
          PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
    } catch (UnsupportedOperationException e) {
      return Files.createTempDirectory("codemode-worker-");
    }
  }

  /** The worker's stdout, which carries no frames, written to this process's stderr. */
  private static void copyToStderr(InputStream stdout) {
    try (stdout) {
      stdout.transferTo(System.err);
    } catch (IOException e) {
      // The worker ended.
    }
  }

  private static void closeQuietly(ServerSocketChannel channel) {
    try {
      channel.close();
    } catch (IOException e) {
      // Closing is all that is asked: an accept still waiting ends with an error.
    }
  }

  /**
   * Launches a worker JVM running {@code workerMain} with a heap of {@code maxHeapMegabytes}; it is
   * ready for passes once {@link #awaitReady} returns.
   *
   * @throws IOException when the JVM cannot be launched
   */
  static WorkerProcess launch(int maxHeapMegabytes, String workerMain) throws IOException {
    Path java = Path.of(System.getProperty("java.home"), "bin", "java");
    Path socketDirectory = privateDirectory();
    ServerSocketChannel channel = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
    try {
      channel.bind(UnixDomainSocketAddress.of(socketDirectory.resolve(SOCKET)), 1);
      // The JVM's own messages (such as the out-of-memory notice) go to stderr.
      List<String> command =
          new ArrayList<>(
              List.of(
                  java.toString(),
                  "-Xmx" + maxHeapMegabytes + "m",
                  "-XX:+ExitOnOutOfMemoryError",
                  "-XX:+DisplayVMOutputToStderr",
                  "-XX:+UseSerialGC",
                  "--enable-native-access=ALL-UNNAMED"));
      if (Runtime.version().feature() >= 23) {
        command.add("--sun-misc-unsafe-memory-access=allow");
      }
      command.addAll(
          List.of(
              "-cp",
              System.getProperty("java.class.path"),
              workerMain,
              socketDirectory.resolve(SOCKET).toString()));
      return new WorkerProcess(
          new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start(),
          channel,
          socketDirectory);
    } catch (IOException | RuntimeException e) {
      closeQuietly(channel);
      Files.deleteIfExists(socketDirectory.resolve(SOCKET));
      Files.deleteIfExists(socketDirectory);
      throw e;
    }
  }

  /**
   * Waits for the worker's ready frame.
   *
   * @throws IOException when it says anything else first, ends, or says nothing within {@link
   *     #START_TIMEOUT}
   */
  void awaitReady() throws IOException, InterruptedException {
    long giveUp = System.nanoTime() + START_TIMEOUT.toNanos();
    Inbound ready = null;
    // Checked every second: a worker that ends before it connects sends nothing at all.
    while (ready == null && System.nanoTime() < giveUp) {
      ready = frames.poll(Math.min(READY_CHECK_NANOS, giveUp - System.nanoTime()), NANOSECONDS);
      if (ready == null && !process.isAlive()) {
        closeQuietly(channel);
        ready = frames.poll(READY_CHECK_NANOS, NANOSECONDS);
      }
    }
    if (!(ready instanceof Inbound.Received(Frame.Ready first))) {
      throw new IOException(
          "the worker process did not start (first frame: "
              + ready
              + (process.isAlive() ? "" : ", exit code " + process.exitValue())
              + ")");
    }
  }

  /** The next thing the worker sent, or null when nothing came within {@code nanos}. */
  @Nullable Inbound poll(long nanos) throws InterruptedException {
    return frames.poll(nanos, TimeUnit.NANOSECONDS);
  }

  void send(Frame frame) throws IOException, Frames.FrameTooLargeException {
    in.write(frame);
  }

  /**
   * Sends a completion or a stop, neither of which can be over the frame cap: a completion's JSON
   * is at most {@code maxHostCallBytes}, capped to {@link Frames#MAX_CALL_BYTES}.
   */
  void sendQuietly(Frame frame) {
    try {
      in.write(frame);
    } catch (IOException e) {
      // The worker is gone; its reader reports the end and the pass fails there.
    } catch (Frames.FrameTooLargeException e) {
      throw new IllegalStateException(
          "a " + frame.type().wireName() + " frame: " + e.getMessage(), e);
    }
  }

  boolean isAlive() {
    return process.isAlive();
  }

  long pid() {
    return process.pid();
  }

  ProcessHandle handle() {
    return process.toHandle();
  }

  /** The exit code; null when the process is still alive after {@code wait}. */
  @Nullable Integer exitCode(Duration wait) {
    try {
      return process.waitFor(wait.toMillis(), TimeUnit.MILLISECONDS) ? process.exitValue() : null;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return null;
    }
  }

  void kill() {
    in.close();
    closeQuietly(channel);
    process.destroyForcibly();
  }
}
