package io.codemode4j.bridge.internal.engine;

import io.codemode4j.bridge.CodeExecutionLimits;
import java.lang.management.ManagementFactory;

/**
 * The program's share of its pass thread's CPU time and allocation, read from the thread's own
 * counters.
 *
 * <p>Decided: GraalJS has no heap limit here, and a memory bomb fills a 512 MB heap in seconds, so
 * the pass's watchdog polls the thread's allocation counter every millisecond ({@link
 * #allocationSpent}) and closes the context long before the heap is at risk. The CPU budget is
 * polled the same way ({@link #cpuSpent}): GraalJS's own limit ({@code sandbox.MaxCPUTime}) keeps
 * CPU-time accounting for every context and a checker thread that visits each, about a third of the
 * process CPU of preparing one (BENCHMARKS.md, report of 2026-12-05 12:47 UTC, issue 28), and it
 * checked every 10 ms where this checks every millisecond.
 *
 * <p>What a handler run on the pass thread allocates and computes (see {@link GraalPass}) is not
 * the program's: {@link #handlerStarting} and {@link #handlerEnded} around it leave it out of both
 * budgets. Created on the pass thread; every method but {@link #allocationSpent} is called there.
 */
final class PassMeter {

  private static final com.sun.management.ThreadMXBean ALLOCATION =
      (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
  private static final java.lang.management.ThreadMXBean THREADS =
      ManagementFactory.getThreadMXBean();

  private final long threadId;
  private final long maxAllocatedBytes;
  private final long maxCpuNanos;
  private final long allocatedAtStart;

  /** Read by the watchdog's ticks once {@link #cpuStarted}, written on the pass thread. */
  private volatile long cpuAtStart;

  private volatile boolean cpuStarted;

  /** Read by the watchdog's ticks, written on the pass thread. */
  private volatile long handlerAllocated;

  /** Read by the watchdog's ticks, written on the pass thread. */
  private volatile long handlerCpu;

  private long allocatedAtHandlerStart;
  private long cpuAtHandlerStart;

  /** Starts metering the calling thread: what it allocates from now on is the program's. */
  PassMeter(CodeExecutionLimits limits) {
    this.threadId = Thread.currentThread().threadId();
    this.maxAllocatedBytes = limits.maxAllocatedBytes();
    this.maxCpuNanos = limits.maxCpuTime().toNanos();
    this.allocatedAtStart = ALLOCATION.getThreadAllocatedBytes(threadId);
  }

  /**
   * The program starts now: language initialisation and the prelude, before this, do not count
   * against its CPU budget.
   */
  void startCpu() {
    cpuAtStart = THREADS.getCurrentThreadCpuTime();
    cpuStarted = true;
  }

  /**
   * Whether the program has allocated more than {@code maxAllocatedBytes}, read from any thread
   * (the watchdog's). Meaningless while a handler runs on the pass thread, whose allocation it
   * would count: the caller checks that none does.
   */
  boolean allocationSpent() {
    return programAllocated(ALLOCATION.getThreadAllocatedBytes(threadId)) > maxAllocatedBytes;
  }

  /** {@link #allocationSpent}, read on the pass thread itself. */
  boolean allocationSpentHere() {
    return programAllocated(ALLOCATION.getCurrentThreadAllocatedBytes()) > maxAllocatedBytes;
  }

  /** Whether the program has used its CPU budget; called on the pass thread. */
  boolean cpuSpentHere() {
    return cpuStarted && programCpu(THREADS.getCurrentThreadCpuTime()) >= maxCpuNanos;
  }

  /**
   * Whether the program has used its CPU budget, read from any thread (the watchdog's); false
   * before the program starts. Meaningless while a handler runs on the pass thread, whose CPU time
   * it would count: the caller checks that none does.
   */
  boolean cpuSpent() {
    return cpuStarted && programCpu(THREADS.getThreadCpuTime(threadId)) >= maxCpuNanos;
  }

  /** A handler starts on the pass thread: what follows, until {@link #handlerEnded}, is its. */
  void handlerStarting() {
    allocatedAtHandlerStart = ALLOCATION.getCurrentThreadAllocatedBytes();
    cpuAtHandlerStart = THREADS.getCurrentThreadCpuTime();
  }

  /** The handler {@link #handlerStarting} announced has returned. */
  void handlerEnded() {
    handlerAllocated += ALLOCATION.getCurrentThreadAllocatedBytes() - allocatedAtHandlerStart;
    handlerCpu += THREADS.getCurrentThreadCpuTime() - cpuAtHandlerStart;
  }

  /** The program's CPU time, of {@code threadCpu} nanoseconds the pass thread has spent in all. */
  private long programCpu(long threadCpu) {
    return threadCpu - cpuAtStart - handlerCpu;
  }

  /**
   * What the program allocated, of {@code threadAllocated} bytes the pass thread has allocated in
   * all.
   */
  private long programAllocated(long threadAllocated) {
    return threadAllocated - allocatedAtStart - handlerAllocated;
  }
}
