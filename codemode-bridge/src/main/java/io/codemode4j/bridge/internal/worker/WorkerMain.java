package io.codemode4j.bridge.internal.worker;

import io.codemode4j.bridge.CodeExecutionLimits;
import io.codemode4j.bridge.internal.broker.CallDispatcher;
import io.codemode4j.bridge.internal.engine.ContextPool;
import io.codemode4j.bridge.internal.engine.GraalExecutor;
import io.codemode4j.bridge.internal.engine.GraalPass;
import io.codemode4j.bridge.internal.engine.PassResult;
import io.codemode4j.bridge.internal.engine.Sandbox;
import io.codemode4j.bridge.outcome.CallRecord;
import io.codemode4j.bridge.outcome.FailureKind;
import io.codemode4j.bridge.outcome.Limit;
import java.io.IOException;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.Channels;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;

/**
 * A worker process: runs passes in fresh contexts of its own engine, one at a time, and proxies
 * every inner call to the parent over the frame protocol: the parent's frames on stdin, its own on
 * the Unix domain socket the parent names as the first argument. It holds no tool handler,
 * credential or data source. Frames from the parent: {@code run}, {@code completion}, {@code stop};
 * to the parent: {@code ready} (once warm), {@code call}, {@code done}. The end of stdin ends the
 * process.
 */
final class WorkerMain {

  /** A pass that is running, with the dispatcher its completions go to. */
  private record Running(GraalPass pass, RemoteDispatcher dispatcher) {}

  private static final int WARM_UP_PASSES = 20;

  /** The exit code of a worker that refused a frame from the parent. */
  static final int EXIT_PROTOCOL = 2;

  private WorkerMain() {}

  public static void main(String[] args) throws Exception {
    // Frames go over the parent's socket (args[0]), which nothing else writes to; what prints
    // goes to stderr.
    System.setOut(System.err);
    SocketChannel socket = SocketChannel.open(UnixDomainSocketAddress.of(Path.of(args[0])));
    Frames.Writer parent = new Frames.Writer(Channels.newOutputStream(socket));
    Frames.Reader frames = new Frames.Reader(System.in, Frames.FROM_PARENT);
    ScheduledExecutorService watchdog =
        Executors.newSingleThreadScheduledExecutor(
            Thread.ofPlatform().name("codemode-worker-watchdog").daemon(true).factory());
    ExecutorService passThread =
        Executors.newSingleThreadExecutor(
            Thread.ofPlatform()
                .name("codemode-worker-pass")
                .daemon(true)
                .stackSize(GraalExecutor.PASS_STACK_BYTES)
                .factory());
    AtomicReference<@Nullable Running> running = new AtomicReference<>();
    // One context kept ready: a worker runs one pass at a time, and prepares the next while it
    // waits.
    try (ContextPool contexts = new ContextPool(new Sandbox(), 1)) {
      warmUp(contexts, watchdog, passThread);
      parent.write(new Frame.Ready());
      for (Frame frame; (frame = readOrExit(frames)) != null; ) {
        switch (frame) {
          case Frame.Run run -> {
            RemoteDispatcher dispatcher =
                new RemoteDispatcher(parent, run.limits().toLimits().maxHostCallBytes());
            GraalPass pass =
                new GraalPass(
                    contexts,
                    watchdog,
                    dispatcher,
                    run.passId(),
                    run.source(),
                    run.namespaces(),
                    run.limits().toLimits(),
                    run.wallNanos());
            running.set(new Running(pass, dispatcher));
            passThread.execute(
                () -> {
                  PassResult result = pass.run();
                  running.set(null);
                  report(parent, result);
                });
          }
          case Frame.Completion completion -> {
            Running current = running.get();
            if (current != null) {
              current.dispatcher().complete(completion);
            }
          }
          case Frame.Stop stop -> {
            Running current = running.get();
            if (current != null) {
              current.pass().stop(FailureKind.INTERRUPTED, null, stop.message());
            }
          }
          case Frame.Ready ready -> exitRefusing(ready);
          case Frame.Call call -> exitRefusing(call);
          case Frame.Done done -> exitRefusing(done);
        }
      }
    }
    System.exit(0);
  }

  /**
   * The next frame from the parent; null at the end of stdin. A frame the worker refuses ends the
   * process with {@link #EXIT_PROTOCOL}: the parent sees the worker die and replaces it.
   */
  private static @Nullable Frame readOrExit(Frames.Reader frames) throws java.io.IOException {
    try {
      return frames.read();
    } catch (FrameProtocolException e) {
      System.err.println("codemode worker: " + e.getMessage());
      System.exit(EXIT_PROTOCOL);
      return null;
    }
  }

  /**
   * Sends the pass's {@code done} frame. One the protocol cannot carry (over its size cap) becomes
   * the limit it is, told at once: the parent never waits out the wall time for a frame that was
   * never sent.
   */
  private static void report(Frames.Writer parent, PassResult result) {
    try {
      try {
        parent.write(Frame.Done.of(result));
      } catch (Frames.FrameTooLargeException e) {
        parent.write(
            Frame.Done.of(
                PassResult.failedWithoutOutput(
                    result.passId(),
                    FailureKind.LIMIT,
                    Limit.MAX_RESULT_BYTES,
                    "the result and logs are "
                        + e.bytes()
                        + " bytes as a frame, over the "
                        + Frames.MAX_FRAME_BYTES
                        + " bytes a worker process can return: return a smaller summary and log less",
                    List.of())));
      }
    } catch (IOException | Frames.FrameTooLargeException e) {
      System.exit(1);
    }
  }

  /** Unreachable: the reader accepts only frames the parent sends. */
  private static void exitRefusing(Frame frame) {
    System.err.println("codemode worker: refused a frame of type " + frame.type().wireName());
    System.exit(EXIT_PROTOCOL);
  }

  /** Trivial passes so the first real one does not pay the engine's cold start. */
  private static void warmUp(
      ContextPool contexts, ScheduledExecutorService watchdog, ExecutorService passThread)
      throws Exception {
    CallDispatcher none =
        new CallDispatcher() {
          @Override
          public void call(
              String method, @Nullable String argumentsJson, Consumer<Completion> done) {
            done.accept(new Completion(true, "{}"));
          }

          @Override
          public List<CallRecord> close() {
            return List.of();
          }
        };
    CodeExecutionLimits limits = CodeExecutionLimits.defaults();
    for (int i = 0; i < WARM_UP_PASSES; i++) {
      GraalPass pass =
          new GraalPass(
              contexts,
              watchdog,
              none,
              "warm-up-" + i,
              "async () => 1",
              "{}",
              limits,
              java.time.Duration.ofSeconds(60).toNanos());
      passThread.submit(pass::run).get();
    }
  }
}
