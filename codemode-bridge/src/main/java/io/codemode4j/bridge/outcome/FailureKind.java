package io.codemode4j.bridge.outcome;

/**
 * Why a pass failed. The set is fixed; {@link #INTERNAL} is produced only by a bug in codemode4j.
 */
public enum FailureKind {
  /** The source was not exactly one async function expression within the source limit. */
  INVALID_PROGRAM("invalid_program"),
  /** The program threw, or its promise rejected (also with an uncaught inner-call failure). */
  THROWN("thrown"),
  /** The returned value cannot become JSON (a cycle, a BigInt, a function). */
  NOT_JSON("not_json"),
  /** The wall-clock limit passed. */
  TIMEOUT("timeout"),
  /** A resource limit other than wall time was hit; {@link PassFailure#limit()} names it. */
  LIMIT("limit"),
  /** The caller interrupted the pass. */
  INTERRUPTED("interrupted"),
  /** codemode4j itself failed. */
  INTERNAL("internal");

  private final String wireName;

  FailureKind(String wireName) {
    this.wireName = wireName;
  }

  public String wireName() {
    return wireName;
  }
}
