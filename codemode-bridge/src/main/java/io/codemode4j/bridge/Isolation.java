package io.codemode4j.bridge;

import java.util.Objects;

/**
 * Where passes run.
 *
 * <p>{@link InProcess}: a fresh context on this JVM's shared engine; CPU, allocation, stack and
 * wall limits are enforced by GraalJS and a watchdog, but a pass shares the host's heap and
 * process. {@link Process}: a pool of pre-started worker JVMs with a hard heap cap; a program that
 * breaks a limit or crashes its worker takes only that worker down, and the worker is replaced.
 */
public sealed interface Isolation permits Isolation.InProcess, Isolation.Process {

  /** Passes run in this JVM. */
  record InProcess() implements Isolation {}

  /**
   * Passes run in worker JVMs. A frame between the parent and a worker is at most 64 MiB, so a
   * call's arguments and its result are at most 31.5 MiB of JSON each: a larger {@code
   * maxHostCallBytes} is capped to that, and a larger call is refused as {@code too_large} like any
   * other.
   *
   * @param workers pre-started workers, 1..64; a pass waits for a free one
   * @param maxHeapMegabytes each worker's {@code -Xmx}, at least 64
   */
  record Process(int workers, int maxHeapMegabytes) implements Isolation {
    public Process {
      if (workers < 1 || workers > 64) {
        throw new IllegalArgumentException("workers must be 1..64, was " + workers);
      }
      if (maxHeapMegabytes < 64) {
        throw new IllegalArgumentException(
            "maxHeapMegabytes must be at least 64, was " + maxHeapMegabytes);
      }
    }
  }

  public static Isolation inProcess() {
    return new InProcess();
  }

  /** Two workers of 512 MiB heap each. */
  public static Isolation process() {
    return new Process(2, 512);
  }

  /** Parses {@code in-process} or {@code process} (the CLI's {@code --isolation}). */
  public static Isolation parse(String text) {
    return switch (Objects.requireNonNull(text, "isolation")) {
      case "in-process" -> inProcess();
      case "process" -> process();
      default ->
          throw new IllegalArgumentException(
              "isolation must be in-process or process, was '" + text + "'");
    };
  }
}
