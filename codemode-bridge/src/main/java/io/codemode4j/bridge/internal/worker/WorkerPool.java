package io.codemode4j.bridge.internal.worker;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The worker JVMs (as HikariCP's {@code ConcurrentBag} holds its entries): the idle ones a pass
 * checks out, and every live one, so that closing kills them all. A worker given back for
 * replacement is killed and a new one starts in its place on a virtual thread; a pass never waits
 * for a start it did not need.
 */
final class WorkerPool implements AutoCloseable {

  private static final Logger LOG = LoggerFactory.getLogger(WorkerPool.class);

  private final int maxHeapMegabytes;
  private final String workerMain;
  private final BlockingQueue<WorkerProcess> idle = new LinkedBlockingQueue<>();
  private final List<WorkerProcess> all = new ArrayList<>();
  private volatile boolean closed;

  /** Starts {@code workers} JVMs running {@code workerMain}, each on a thread of its own. */
  WorkerPool(int workers, int maxHeapMegabytes, String workerMain) {
    this.maxHeapMegabytes = maxHeapMegabytes;
    this.workerMain = workerMain;
    for (int i = 0; i < workers; i++) {
      Thread.ofVirtual().name("codemode-worker-start").start(this::startWorker);
    }
  }

  /**
   * The next idle worker that is still alive; dead ones (killed from outside while idle) are
   * replaced. Null when none is free within {@code waitNanos}.
   */
  @Nullable WorkerProcess checkOut(long waitNanos) throws InterruptedException {
    long until = System.nanoTime() + waitNanos;
    while (true) {
      WorkerProcess worker =
          idle.poll(Math.max(0, until - System.nanoTime()), TimeUnit.NANOSECONDS);
      if (worker == null || worker.isAlive()) {
        return worker;
      }
      release(worker, true);
    }
  }

  /** Gives {@code worker} back: idle again, or killed and replaced when {@code replace}. */
  void release(WorkerProcess worker, boolean replace) {
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
      return all.stream().map(WorkerProcess::handle).toList();
    }
  }

  /**
   * Launches a worker and makes it idle once it is ready. Decided: it counts among {@code all} from
   * its launch, not from its ready frame, so that closing the pool while a worker starts (slow on a
   * loaded machine) kills that one too instead of leaving it to outlive the pool.
   */
  private void startWorker() {
    WorkerProcess worker;
    try {
      worker = WorkerProcess.launch(maxHeapMegabytes, workerMain);
    } catch (IOException e) {
      LOG.error("cannot start a codemode worker process", e);
      return;
    }
    synchronized (all) {
      if (closed) {
        worker.kill();
        return;
      }
      all.add(worker);
    }
    try {
      worker.awaitReady();
    } catch (IOException | InterruptedException e) {
      synchronized (all) {
        all.remove(worker);
      }
      worker.kill();
      if (!closed) {
        LOG.error("cannot start a codemode worker process", e);
      }
      return;
    }
    idle.add(worker);
  }

  @Override
  public void close() {
    closed = true;
    synchronized (all) {
      all.forEach(WorkerProcess::kill);
      all.clear();
    }
    idle.clear();
  }
}
