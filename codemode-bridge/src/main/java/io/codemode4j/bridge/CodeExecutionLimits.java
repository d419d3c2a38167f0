package io.codemode4j.bridge;

import java.time.Duration;
import java.util.Objects;

/**
 * What one pass may use. Every limit is enforced: the source and wall-clock limits end the pass with
 * {@code invalid_program} or {@code timeout}; log and result limits end it with {@code limit}; host-call
 * limits reject the one call with {@code budget} or {@code too_large}.
 *
 * @param maxSourceBytes UTF-8 bytes of program text
 * @param maxWallTime from the pass's start to its end, including every inner call
 * @param maxLogBytes UTF-8 bytes of everything the program logs
 * @param maxResultBytes UTF-8 bytes of the returned value as JSON
 * @param maxHostCalls inner calls one pass may make
 * @param maxHostCallBytes UTF-8 bytes of one call's arguments, and of its result, as JSON
 * @param maxHostCallConcurrency inner calls running at once, 1..64; further calls queue as {@code not-started}
 */
public record CodeExecutionLimits(
    int maxSourceBytes,
    Duration maxWallTime,
    int maxLogBytes,
    int maxResultBytes,
    int maxHostCalls,
    int maxHostCallBytes,
    int maxHostCallConcurrency) {

  public static final int MAX_CONCURRENCY = 64;

  public CodeExecutionLimits {
    positive("maxSourceBytes", maxSourceBytes);
    Objects.requireNonNull(maxWallTime, "maxWallTime");
    if (maxWallTime.isNegative() || maxWallTime.isZero()) {
      throw new IllegalArgumentException("maxWallTime must be above zero, was " + Durations.format(maxWallTime));
    }
    positive("maxLogBytes", maxLogBytes);
    positive("maxResultBytes", maxResultBytes);
    positive("maxHostCalls", maxHostCalls);
    positive("maxHostCallBytes", maxHostCallBytes);
    if (maxHostCallConcurrency < 1 || maxHostCallConcurrency > MAX_CONCURRENCY) {
      throw new IllegalArgumentException(
          "maxHostCallConcurrency must be 1.." + MAX_CONCURRENCY + ", was " + maxHostCallConcurrency);
    }
  }

  /** 64 KiB source, 30 s, 64 KiB logs, 64 KiB result, 64 calls of at most 1 MiB each way, 4 at a time. */
  public static CodeExecutionLimits defaults() {
    return new CodeExecutionLimits(64 * 1024, Duration.ofSeconds(30), 64 * 1024, 64 * 1024, 64, 1024 * 1024, 4);
  }

  public CodeExecutionLimits withMaxWallTime(Duration value) {
    return new CodeExecutionLimits(maxSourceBytes, value, maxLogBytes, maxResultBytes, maxHostCalls,
        maxHostCallBytes, maxHostCallConcurrency);
  }

  public CodeExecutionLimits withMaxHostCalls(int value) {
    return new CodeExecutionLimits(maxSourceBytes, maxWallTime, maxLogBytes, maxResultBytes, value,
        maxHostCallBytes, maxHostCallConcurrency);
  }

  public CodeExecutionLimits withMaxHostCallConcurrency(int value) {
    return new CodeExecutionLimits(maxSourceBytes, maxWallTime, maxLogBytes, maxResultBytes, maxHostCalls,
        maxHostCallBytes, value);
  }

  public CodeExecutionLimits withMaxSourceBytes(int value) {
    return new CodeExecutionLimits(value, maxWallTime, maxLogBytes, maxResultBytes, maxHostCalls,
        maxHostCallBytes, maxHostCallConcurrency);
  }

  public CodeExecutionLimits withMaxLogBytes(int value) {
    return new CodeExecutionLimits(maxSourceBytes, maxWallTime, value, maxResultBytes, maxHostCalls,
        maxHostCallBytes, maxHostCallConcurrency);
  }

  public CodeExecutionLimits withMaxResultBytes(int value) {
    return new CodeExecutionLimits(maxSourceBytes, maxWallTime, maxLogBytes, value, maxHostCalls,
        maxHostCallBytes, maxHostCallConcurrency);
  }

  public CodeExecutionLimits withMaxHostCallBytes(int value) {
    return new CodeExecutionLimits(maxSourceBytes, maxWallTime, maxLogBytes, maxResultBytes, maxHostCalls,
        value, maxHostCallConcurrency);
  }

  private static void positive(String field, int value) {
    if (value < 1) {
      throw new IllegalArgumentException(field + " must be at least 1, was " + value);
    }
  }
}
