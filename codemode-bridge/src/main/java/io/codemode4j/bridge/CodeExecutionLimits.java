package io.codemode4j.bridge;

import java.time.Duration;
import java.util.Objects;

/**
 * What one pass may use. Every limit is enforced: the source limit fails the pass with {@code
 * invalid_program} before it runs; wall time with {@code timeout}; CPU time, allocation, stack
 * depth, logs and result with {@code limit} naming which ({@code cpu}, {@code memory}, {@code
 * stack}, {@code maxLogBytes}, {@code maxResultBytes}); host-call limits reject the one call with
 * {@code budget} or {@code too_large}.
 *
 * @param maxSourceBytes UTF-8 bytes of program text
 * @param maxWallTime from the pass's start to its end, including every inner call
 * @param maxCpuTime CPU time of the pass's own thread (guest code and its conversions)
 * @param maxAllocatedBytes bytes the pass's thread may allocate (GraalJS has no heap limit here; a
 *     watchdog reads the thread's allocation counter)
 * @param maxStackFrames JavaScript call depth
 * @param maxLogBytes UTF-8 bytes of everything the program logs
 * @param maxResultBytes UTF-8 bytes of the returned value as JSON
 * @param maxHostCalls inner calls one pass may make
 * @param maxHostCallBytes UTF-8 bytes of one call's arguments, and of its result, as JSON
 * @param maxHostCallConcurrency inner calls running at once, 1..64; further calls queue as {@code
 *     not-started}
 */
public record CodeExecutionLimits(
    int maxSourceBytes,
    Duration maxWallTime,
    Duration maxCpuTime,
    long maxAllocatedBytes,
    int maxStackFrames,
    int maxLogBytes,
    int maxResultBytes,
    int maxHostCalls,
    int maxHostCallBytes,
    int maxHostCallConcurrency) {

  public static final int MAX_CONCURRENCY = 64;
  public static final int MIN_STACK_FRAMES = 50;
  public static final int MAX_STACK_FRAMES = 4_000;

  public CodeExecutionLimits {
    positive("maxSourceBytes", maxSourceBytes);
    positive("maxWallTime", maxWallTime);
    positive("maxCpuTime", maxCpuTime);
    if (maxAllocatedBytes < 1024 * 1024) {
      throw new IllegalArgumentException(
          "maxAllocatedBytes must be at least 1 MiB, was " + maxAllocatedBytes);
    }
    // The pass thread's 8 MiB stack holds about 5,000 frames; a limit above that would fail as a
    // host error.
    if (maxStackFrames < MIN_STACK_FRAMES || maxStackFrames > MAX_STACK_FRAMES) {
      throw new IllegalArgumentException(
          "maxStackFrames must be "
              + MIN_STACK_FRAMES
              + ".."
              + MAX_STACK_FRAMES
              + ", was "
              + maxStackFrames);
    }
    positive("maxLogBytes", maxLogBytes);
    positive("maxResultBytes", maxResultBytes);
    positive("maxHostCalls", maxHostCalls);
    positive("maxHostCallBytes", maxHostCallBytes);
    if (maxHostCallConcurrency < 1 || maxHostCallConcurrency > MAX_CONCURRENCY) {
      throw new IllegalArgumentException(
          "maxHostCallConcurrency must be 1.."
              + MAX_CONCURRENCY
              + ", was "
              + maxHostCallConcurrency);
    }
  }

  /**
   * 64 KiB source, 30 s wall, 10 s CPU, 256 MiB allocated, 1,000 frames, 64 KiB logs, 64 KiB
   * result, 64 calls of at most 1 MiB each way, 4 at a time.
   */
  public static CodeExecutionLimits defaults() {
    return new CodeExecutionLimits(
        64 * 1024,
        Duration.ofSeconds(30),
        Duration.ofSeconds(10),
        256L * 1024 * 1024,
        1_000,
        64 * 1024,
        64 * 1024,
        64,
        1024 * 1024,
        4);
  }

  public CodeExecutionLimits withMaxSourceBytes(int value) {
    return new Builder(this).set(b -> b.maxSourceBytes = value);
  }

  public CodeExecutionLimits withMaxWallTime(Duration value) {
    return new Builder(this).set(b -> b.maxWallTime = value);
  }

  public CodeExecutionLimits withMaxCpuTime(Duration value) {
    return new Builder(this).set(b -> b.maxCpuTime = value);
  }

  public CodeExecutionLimits withMaxAllocatedBytes(long value) {
    return new Builder(this).set(b -> b.maxAllocatedBytes = value);
  }

  public CodeExecutionLimits withMaxStackFrames(int value) {
    return new Builder(this).set(b -> b.maxStackFrames = value);
  }

  public CodeExecutionLimits withMaxLogBytes(int value) {
    return new Builder(this).set(b -> b.maxLogBytes = value);
  }

  public CodeExecutionLimits withMaxResultBytes(int value) {
    return new Builder(this).set(b -> b.maxResultBytes = value);
  }

  public CodeExecutionLimits withMaxHostCalls(int value) {
    return new Builder(this).set(b -> b.maxHostCalls = value);
  }

  public CodeExecutionLimits withMaxHostCallBytes(int value) {
    return new Builder(this).set(b -> b.maxHostCallBytes = value);
  }

  public CodeExecutionLimits withMaxHostCallConcurrency(int value) {
    return new Builder(this).set(b -> b.maxHostCallConcurrency = value);
  }

  private static void positive(String field, int value) {
    if (value < 1) {
      throw new IllegalArgumentException(field + " must be at least 1, was " + value);
    }
  }

  private static void positive(String field, Duration value) {
    Objects.requireNonNull(value, field);
    if (value.isNegative() || value.isZero()) {
      throw new IllegalArgumentException(
          field + " must be above zero, was " + Durations.format(value));
    }
  }

  /** A mutable copy, so each {@code with*} names only the component it changes. */
  private static final class Builder {
    int maxSourceBytes;
    Duration maxWallTime;
    Duration maxCpuTime;
    long maxAllocatedBytes;
    int maxStackFrames;
    int maxLogBytes;
    int maxResultBytes;
    int maxHostCalls;
    int maxHostCallBytes;
    int maxHostCallConcurrency;

    Builder(CodeExecutionLimits from) {
      maxSourceBytes = from.maxSourceBytes;
      maxWallTime = from.maxWallTime;
      maxCpuTime = from.maxCpuTime;
      maxAllocatedBytes = from.maxAllocatedBytes;
      maxStackFrames = from.maxStackFrames;
      maxLogBytes = from.maxLogBytes;
      maxResultBytes = from.maxResultBytes;
      maxHostCalls = from.maxHostCalls;
      maxHostCallBytes = from.maxHostCallBytes;
      maxHostCallConcurrency = from.maxHostCallConcurrency;
    }

    CodeExecutionLimits set(java.util.function.Consumer<Builder> change) {
      change.accept(this);
      return new CodeExecutionLimits(
          maxSourceBytes,
          maxWallTime,
          maxCpuTime,
          maxAllocatedBytes,
          maxStackFrames,
          maxLogBytes,
          maxResultBytes,
          maxHostCalls,
          maxHostCallBytes,
          maxHostCallConcurrency);
    }
  }
}
