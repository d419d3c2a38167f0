package io.codemode4j.bridge.internal.worker;

import io.codemode4j.bridge.CodeExecutionLimits;
import io.codemode4j.bridge.Durations;
import io.codemode4j.bridge.Isolation;
import io.codemode4j.bridge.RunContext;
import io.codemode4j.bridge.audit.LogText;
import io.codemode4j.bridge.internal.broker.Broker;
import io.codemode4j.bridge.internal.broker.LocalDispatcher;
import io.codemode4j.bridge.internal.engine.CodeExecutor;
import io.codemode4j.bridge.internal.engine.PassResult;
import io.codemode4j.bridge.outcome.CallRecord;
import io.codemode4j.bridge.outcome.FailureKind;
import io.codemode4j.bridge.outcome.Limit;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs passes in a pool of pre-started worker JVMs ({@link WorkerMain}) with a hard {@code -Xmx}.
 * The broker, the handlers and the ledger stay here: a worker only sends {@code call} frames, which
 * this side admits through a {@link LocalDispatcher} and answers with {@code completion} frames.
 *
 * <p>A worker that dies (out of memory, crash, kill) ends its pass with the ledger as this side
 * knows it: calls in flight {@code uncertain}, queued ones {@code not-started}. It is replaced, as
 * is a worker whose pass hit its memory limit (its heap may be full of the program's garbage). If a
 * worker does not answer within the wall time plus a grace period, it is killed.
 */
public final class WorkerProcessExecutor implements CodeExecutor {

  private static final Logger LOG = LoggerFactory.getLogger(WorkerProcessExecutor.class);
  private static final Duration GRACE = Duration.ofSeconds(3);
  private static final Duration START_TIMEOUT = Duration.ofSeconds(60);

  /** The exit code of a JVM run with {@code -XX:+ExitOnOutOfMemoryError}. */
  private static final int EXIT_OUT_OF_MEMORY = 3;

  /**
   * What a worker's reader thread hands the pass: a frame, a frame it refused, or the end of the
   * worker's stdout ({@link #END}).
   */
  private sealed interface Inbound {
    record Received(Frame frame) implements Inbound {}

    record Refused(FrameProtocolException error) implements Inbound {}

    record Ended() implements Inbound {}
  }

  private static final Inbound END = new Inbound.Ended();

  /** How the message of a pass that never got a worker begins. */
  static final String NO_FREE_WORKER = "no worker process became free";

  private final Isolation.Process options;
  private final BlockingQueue<Worker> idle = new LinkedBlockingQueue<>();
  private final List<Worker> all = new ArrayList<>();
  private final Duration freeWorkerWait;
  private final String workerMain;
  private volatile boolean closed;

  public WorkerProcessExecutor(Isolation.Process options) {
    this(options, START_TIMEOUT);
  }

  /**
   * @param freeWorkerWait how long a pass waits at least for a free worker (the default, {@code
   *     START_TIMEOUT}, covers a replaced worker's start; tests shorten it to see a pass that finds
   *     none)
   */
  WorkerProcessExecutor(Isolation.Process options, Duration freeWorkerWait) {
    this(options, freeWorkerWait, WorkerMain.class);
  }

  /**
   * @param workerMain the class each worker JVM runs: {@link WorkerMain}, or in tests a worker that
   *     breaks the protocol
   */
  WorkerProcessExecutor(Isolation.Process options, Duration freeWorkerWait, Class<?> workerMain) {
    this.options = options;
    this.freeWorkerWait = freeWorkerWait;
    this.workerMain = workerMain.getName();
    for (int i = 0; i < options.workers(); i++) {
      Thread.ofVirtual().name("codemode-worker-start").start(this::startWorker);
    }
  }

  @Override
  public PassResult execute(
      Broker broker,
      String passId,
      String source,
      String namespacesJson,
      RunContext run,
      CodeExecutionLimits limits,
      long wallNanos) {
    // A worker killed from outside while idle can look alive for a moment after the kill, and take
    // a pass it never reads. A worker that ended before saying anything of the pass (no call, no
    // result) and not for lack of memory ran none of the program's calls, so the pass runs once
    // more on another worker; a pass with any call in its ledger never runs again.
    CodeExecutionLimits framed =
        limits.maxHostCallBytes() > Frames.MAX_CALL_BYTES
            ? limits.withMaxHostCallBytes(Frames.MAX_CALL_BYTES)
            : limits;
    for (int attempt = 1; ; attempt++) {
      Attempt outcome = attempt(broker, passId, source, namespacesJson, run, framed, wallNanos);
      if (!outcome.diedUnheard() || attempt == 2) {
        return outcome.result();
      }
      LOG.info(
          "worker process died before it answered pass {} ({}); running the pass on another worker",
          passId,
          outcome.result().message());
    }
  }

  /**
   * One try of a pass on one worker; {@code diedUnheard} when the worker ended without a frame of
   * the pass.
   */
  private record Attempt(PassResult result, boolean diedUnheard) {}

  private Attempt attempt(
      Broker broker,
      String passId,
      String source,
      String namespacesJson,
      RunContext run,
      CodeExecutionLimits limits,
      long wallNanos) {
    Worker worker;
    // A pass waits for a worker as long as its wall time, or as long as a replaced worker takes to
    // start.
    long wait = Math.max(wallNanos, freeWorkerWait.toNanos());
    try {
      worker = checkOut(wait);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return new Attempt(
          PassResult.failedWithoutOutput(
              passId,
              FailureKind.INTERRUPTED,
              null,
              "the pass was interrupted while waiting for a worker",
              List.of()),
          false);
    }
    if (worker == null) {
      return new Attempt(
          PassResult.failedWithoutOutput(
              passId,
              FailureKind.TIMEOUT,
              null,
              NO_FREE_WORKER
                  + " within "
                  + Durations.format(Duration.ofNanos(wait))
                  + ": all "
                  + options.workers()
                  + " workers were busy; run fewer passes at once or use more workers (Isolation.Process)",
              List.of()),
          false);
    }
    long deadline = System.nanoTime() + wallNanos;
    LocalDispatcher dispatcher = new LocalDispatcher(broker, passId, run, limits, false);
    PassResult result = null;
    boolean replace = false;
    boolean interrupted = false;
    boolean heard = false;
    boolean died = false;
    try {
      try {
        worker.send(
            new Frame.Run(
                passId, source, namespacesJson, wallNanos, Frame.WorkerLimits.of(limits)));
      } catch (Frames.FrameTooLargeException e) {
        result =
            PassResult.failedWithoutOutput(
                passId,
                FailureKind.INVALID_PROGRAM,
                null,
                "the program and its namespaces are "
                    + e.bytes()
                    + " bytes as a frame, over the "
                    + Frames.MAX_FRAME_BYTES
                    + " bytes a worker process takes: send a shorter program",
                dispatcher.close());
        return new Attempt(result, false);
      }
      long giveUp = deadline + GRACE.toNanos();
      while (result == null) {
        Inbound frame;
        try {
          frame = worker.frames.poll(Math.max(0, giveUp - System.nanoTime()), TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
          interrupted = true;
          worker.sendQuietly(new Frame.Stop("the pass was interrupted by its caller"));
          giveUp = System.nanoTime() + GRACE.toNanos();
          continue;
        }
        if (frame == null) {
          replace = true;
          result =
              PassResult.failedWithoutOutput(
                  passId,
                  FailureKind.TIMEOUT,
                  null,
                  "the worker did not finish "
                      + "within its wall-clock limit of "
                      + Durations.format(Duration.ofNanos(wallNanos))
                      + " (maxWallTime) and was killed",
                  dispatcher.close());
        } else {
          switch (frame) {
            case Inbound.Ended ended -> {
              replace = true;
              died = true;
              result = died(passId, worker, dispatcher.close());
            }
            case Inbound.Refused refused -> {
              heard = true;
              replace = true;
              result = refused(passId, worker, refused.error(), dispatcher.close());
            }
            case Inbound.Received(Frame.Call call) -> {
              heard = true;
              dispatcher.call(
                  call.method(),
                  call.args(),
                  call.bytes(),
                  completion -> worker.sendQuietly(new Frame.Completion(call.id(), completion)));
            }
            case Inbound.Received(Frame.Done done) -> {
              heard = true;
              result = done.toResult(dispatcher.close());
              replace = result.limit() == Limit.MEMORY;
            }
            case Inbound.Received(Frame other) -> {
              // The reader accepts only frames a worker sends; a second ready is out of place.
              heard = true;
              replace = true;
              result =
                  refused(
                      passId,
                      worker,
                      new FrameProtocolException(
                          other.type().wireName(),
                          Set.of(FrameType.CALL, FrameType.DONE),
                          "not accepted while a pass runs"),
                      dispatcher.close());
            }
          }
        }
      }
    } catch (IOException e) {
      replace = true;
      died = true;
      result = died(passId, worker, dispatcher.close());
    } finally {
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
      release(worker, replace);
    }
    return new Attempt(
        result,
        died
            && !heard
            && !interrupted
            && result.failure() == FailureKind.INTERNAL
            && result.calls().isEmpty());
  }

  /**
   * The next idle worker that is still alive; dead ones (killed from outside while idle) are
   * replaced. Null when none is free within {@code waitNanos}.
   */
  private @Nullable Worker checkOut(long waitNanos) throws InterruptedException {
    long until = System.nanoTime() + waitNanos;
    while (true) {
      Worker worker = idle.poll(Math.max(0, until - System.nanoTime()), TimeUnit.NANOSECONDS);
      if (worker == null || worker.process.isAlive()) {
        return worker;
      }
      release(worker, true);
    }
  }

  private PassResult died(String passId, Worker worker, List<CallRecord> calls) {
    Integer exit = worker.exitCode(Duration.ofSeconds(2));
    if (exit != null && exit == EXIT_OUT_OF_MEMORY) {
      return PassResult.failedWithoutOutput(
          passId,
          FailureKind.LIMIT,
          Limit.MEMORY,
          "the program exhausted its "
              + "worker's heap of "
              + options.maxHeapMegabytes()
              + " MiB: work on less data at once",
          calls);
    }
    return PassResult.failedWithoutOutput(
        passId,
        FailureKind.INTERNAL,
        null,
        "the worker process died (exit code " + exit + ")",
        calls);
  }

  /**
   * The pass of a worker that sent a frame this side refuses: {@code internal}, and the worker is
   * replaced. A worker that died of its heap as it wrote reports the memory limit instead.
   */
  private PassResult refused(
      String passId, Worker worker, FrameProtocolException error, List<CallRecord> calls) {
    LOG.warn(
        "worker {} broke the frame protocol: {}",
        worker.process.pid(),
        LogText.of(error.getMessage()));
    Integer exit = worker.exitCode(Duration.ofMillis(200));
    if (exit != null && exit == EXIT_OUT_OF_MEMORY) {
      return died(passId, worker, calls);
    }
    return PassResult.failedWithoutOutput(
        passId,
        FailureKind.INTERNAL,
        null,
        "the worker process broke the frame protocol and was replaced: " + error.getMessage(),
        calls);
  }

  private void release(Worker worker, boolean replace) {
    if (closed || replace) {
      synchronized (all) {
        all.remove(worker);
      }
      worker.kill();
      if (!closed) {
        Thread.ofVirtual().name("codemode-worker-start").start(this::startWorker);
      }
    } else {
      idle.add(worker);
    }
  }

  /** Live worker processes, for tests that check none is leaked. */
  List<ProcessHandle> processes() {
    synchronized (all) {
      return all.stream().map(w -> w.process.toHandle()).toList();
    }
  }

  private void startWorker() {
    try {
      Worker worker = Worker.start(options.maxHeapMegabytes(), workerMain);
      synchronized (all) {
        if (closed) {
          worker.kill();
          return;
        }
        all.add(worker);
      }
      idle.add(worker);
    } catch (IOException | InterruptedException e) {
      LOG.error("cannot start a codemode worker process", e);
    }
  }

  @Override
  public void close() {
    closed = true;
    synchronized (all) {
      all.forEach(Worker::kill);
      all.clear();
    }
    idle.clear();
  }

  /**
   * One worker JVM: its process, the frames it sends (in order, then {@link #END}), and its stdin.
   */
  private static final class Worker {
    final Process process;
    final Frames.Writer in;
    final BlockingQueue<Inbound> frames = new LinkedBlockingQueue<>();

    private Worker(Process process) {
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
                frames.add(END);
              });
    }

    static Worker start(int maxHeapMegabytes, String workerMain)
        throws IOException, InterruptedException {
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
      Process process =
          new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start();
      Worker worker = new Worker(process);
      Inbound ready = worker.frames.poll(START_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
      if (!(ready instanceof Inbound.Received(Frame.Ready first))) {
        worker.kill();
        throw new IOException("the worker process did not start (first frame: " + ready + ")");
      }
      return worker;
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
}
