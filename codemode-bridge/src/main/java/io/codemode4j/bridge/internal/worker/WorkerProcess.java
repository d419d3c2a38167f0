package io.codemode4j.bridge.internal.worker;

import io.codemode4j.bridge.audit.LogText;
import java.io.IOException;
import java.nio.file.Path;
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
 */
final class WorkerProcess {

  private static final Logger LOG = LoggerFactory.getLogger(WorkerProcess.class);

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

  private WorkerProcess(Process process) {
    this.process = process;
    this.in = new Frames.Writer(process.getOutputStream());
    Frames.Reader out = new Frames.Reader(process.getInputStream(), Frames.FROM_WORKER);
    Thread.ofVirtual()
        .name("codemode-worker-reader-" + process.pid())
        .start(
            () -> {
              try {
                for (Frame frame; (frame = out.read()) != null; ) {
                  frames.add(new Inbound.Received(frame));
                }
              } catch (FrameProtocolException e) {
                // The stream cannot be trusted past a refused frame: the pass ends there.
                frames.add(new Inbound.Refused(e));
              } catch (IOException | RuntimeException e) {
                // A dying JVM may write to stdout last; the pass learns why from the exit code,
                // not from this.
                LOG.debug(
                    "worker {} sent an unreadable frame: {}",
                    process.pid(),
                    LogText.of(e.toString()));
              }
              frames.add(Inbound.END);
            });
  }

  /**
   * Launches a worker JVM running {@code workerMain} with a heap of {@code maxHeapMegabytes}; it is
   * ready for passes once {@link #awaitReady} returns.
   *
   * @throws IOException when the JVM cannot be launched
   */
  static WorkerProcess launch(int maxHeapMegabytes, String workerMain) throws IOException {
    Path java = Path.of(System.getProperty("java.home"), "bin", "java");
    // stdout carries frames only: the JVM's own messages (such as the out-of-memory notice) go to
    // stderr.
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
    command.addAll(List.of("-cp", System.getProperty("java.class.path"), workerMain));
    return new WorkerProcess(
        new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start());
  }

  /**
   * Waits for the worker's ready frame.
   *
   * @throws IOException when it says anything else first, ends, or says nothing within {@link
   *     #START_TIMEOUT}
   */
  void awaitReady() throws IOException, InterruptedException {
    Inbound ready = frames.poll(START_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
    if (!(ready instanceof Inbound.Received(Frame.Ready first))) {
      throw new IOException("the worker process did not start (first frame: " + ready + ")");
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
    process.destroyForcibly();
  }
}
