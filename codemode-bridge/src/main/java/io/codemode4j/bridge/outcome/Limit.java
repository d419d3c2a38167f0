package io.codemode4j.bridge.outcome;

/**
 * A resource limit a pass can hit, the one a {@link FailureKind#LIMIT} failure names.
 *
 * <p>Decided: one enum wherever a limit crosses a boundary ({@link PassFailure}, {@link
 * PassReport}, the worker's frames, the egress JSON), so no layer spells a limit by hand. The
 * {@linkplain #wireName() external names} are kept exactly as models and hosts saw them before the
 * enum (docs/sandbox.md documents {@code limit: cpu}, {@code memory}, {@code stack}): the
 * engine-enforced limits have short names, the ones codemode4j meters itself are named after their
 * {@code CodeExecutionLimits} component. Renaming them would change what a model already reads, for
 * no gain in meaning; the enum constants give Java one scheme.
 */
public enum Limit {
  /** CPU time of the pass thread ({@code maxCpuTime}). */
  CPU("cpu"),
  /**
   * Allocation ({@code maxAllocatedBytes}) or, in a worker process, its hard heap ({@code
   * Isolation.Process.maxHeapMegabytes}).
   */
  MEMORY("memory"),
  /** JavaScript call depth ({@code maxStackFrames}). */
  STACK("stack"),
  /** Another resource GraalJS reported exhausted, without naming one of the limits above. */
  RESOURCES("resources"),
  /** UTF-8 bytes of everything the program logs. */
  MAX_LOG_BYTES("maxLogBytes"),
  /** UTF-8 bytes of the returned value as JSON. */
  MAX_RESULT_BYTES("maxResultBytes");

  private final String wireName;

  Limit(String wireName) {
    this.wireName = wireName;
  }

  /** The name in JSON and model-facing text, e.g. {@code cpu} or {@code maxLogBytes}. */
  public String wireName() {
    return wireName;
  }

  /**
   * The limit named {@code wireName}.
   *
   * @throws IllegalArgumentException if no limit has that name
   */
  public static Limit fromWireName(String wireName) {
    for (Limit limit : values()) {
      if (limit.wireName.equals(wireName)) {
        return limit;
      }
    }
    throw new IllegalArgumentException("unknown limit " + wireName);
  }
}
