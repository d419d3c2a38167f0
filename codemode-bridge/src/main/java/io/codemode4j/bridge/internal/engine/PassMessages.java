package io.codemode4j.bridge.internal.engine;

import io.codemode4j.bridge.CodeExecutionLimits;
import io.codemode4j.bridge.Durations;
import io.codemode4j.bridge.internal.GuestJson;
import io.codemode4j.bridge.outcome.FailureKind;
import io.codemode4j.bridge.outcome.Limit;
import java.time.Duration;
import org.graalvm.polyglot.PolyglotException;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;

/**
 * Every way a GraalJS pass can fail, as the {@link PassStop} its program's author reads.
 *
 * <p>Decided: a message names what happened, the limit's name as the host configures it ({@code
 * maxWallTime}, {@code maxCpuTime}, ...) and, where there is one, what to do instead, because the
 * reader is a model writing its next program. The messages are written here alone, so the pass
 * reads as a loop and the wording can be read and reviewed in one place.
 */
final class PassMessages {

  private PassMessages() {}

  /**
   * The watchdog's timer fired: the program as a whole ran too long, with advice for the next one.
   */
  static PassStop wallTimeSpent(long wallNanos) {
    return new PassStop(
        FailureKind.TIMEOUT,
        null,
        "the program ran past its wall-clock limit of "
            + Durations.format(Duration.ofNanos(wallNanos))
            + " (maxWallTime): overlap independent calls with Promise.all and ask for less data");
  }

  /**
   * The loop's own deadline passed while it waited for a completion; the timer's stop ({@link
   * #wallTimeSpent}) normally comes first, so this one only says what happened.
   */
  static PassStop wallTimeSpentWaiting(long wallNanos) {
    return new PassStop(
        FailureKind.TIMEOUT,
        null,
        "the program ran past its wall-clock limit of "
            + Durations.format(Duration.ofNanos(wallNanos))
            + " (maxWallTime)");
  }

  static PassStop interrupted() {
    return new PassStop(FailureKind.INTERRUPTED, null, "the pass was interrupted by its caller");
  }

  /** A bug in codemode4j, not in the program. */
  static PassStop internal(Throwable e) {
    return new PassStop(FailureKind.INTERNAL, null, "internal error in codemode4j: " + e);
  }

  /** The loop ended without a stop and without the prelude's report: a bug in codemode4j. */
  static PassStop noOutcome() {
    return new PassStop(FailureKind.INTERNAL, null, "the pass ended without an outcome");
  }

  static PassStop memory(CodeExecutionLimits limits) {
    return new PassStop(
        FailureKind.LIMIT,
        Limit.MEMORY,
        "the program allocated more than "
            + limits.maxAllocatedBytes() / (1024 * 1024)
            + " MiB (maxAllocatedBytes): work on less data at once");
  }

  static PassStop logBytes(CodeExecutionLimits limits) {
    return new PassStop(
        FailureKind.LIMIT,
        Limit.MAX_LOG_BYTES,
        "the program logged more than "
            + limits.maxLogBytes()
            + " bytes (maxLogBytes): log less and return the data instead");
  }

  /**
   * The result's JSON is {@code size} bytes, or with {@code atLeast} at least that: the prelude
   * measures the text in UTF-16 units, each of which is one to three bytes of UTF-8.
   */
  static PassStop resultTooLarge(int size, boolean atLeast, CodeExecutionLimits limits) {
    return new PassStop(
        FailureKind.LIMIT,
        Limit.MAX_RESULT_BYTES,
        "the result is "
            + (atLeast ? "at least " : "")
            + size
            + " bytes of JSON, over the limit of "
            + limits.maxResultBytes()
            + " bytes (maxResultBytes): return a smaller summary");
  }

  /** The returned value's JSON, which the host cannot read back; the reason says why. */
  static PassStop unreadable(GuestJson.UnreadableException e) {
    return new PassStop(FailureKind.NOT_JSON, null, String.valueOf(e.getMessage()));
  }

  /** {@code reason} is the prelude's account of why the returned value has no JSON form. */
  static PassStop notJson(String reason) {
    return new PassStop(
        FailureKind.NOT_JSON,
        null,
        reason + " (return plain objects, arrays, strings, numbers, booleans or null)");
  }

  /**
   * The program threw {@code errorText}; {@code thrown} is the thrown value as JSON, null when it
   * has none. A tool's failure envelope ({@code {kind, tool, message}}) that nothing caught is
   * reported as that tool's failure, not as a bare throw.
   */
  static PassStop thrown(String errorText, @Nullable JsonNode thrown) {
    if (thrown != null
        && thrown.isObject()
        && thrown.path("kind").isString()
        && thrown.path("tool").isString()
        && thrown.path("message").isString()) {
      return new PassStop(
          FailureKind.THROWN,
          null,
          "uncaught failure of "
              + thrown.get("tool").asString()
              + " ("
              + thrown.get("kind").asString()
              + "): "
              + thrown.get("message").asString());
    }
    return new PassStop(FailureKind.THROWN, null, "the program threw " + errorText);
  }

  /** The stop for {@code failure}, the class of {@code e} (see {@link EngineFailure}). */
  static PassStop engineFailure(
      EngineFailure failure, PolyglotException e, CodeExecutionLimits limits) {
    String message = String.valueOf(e.getMessage());
    return switch (failure) {
      case SYNTAX -> new PassStop(FailureKind.INVALID_PROGRAM, null, "syntax error: " + message);
      case MEMORY -> memory(limits);
      case STACK ->
          new PassStop(
              FailureKind.LIMIT,
              Limit.STACK,
              "the program called deeper than "
                  + limits.maxStackFrames()
                  + " frames (maxStackFrames): use a loop instead of deep recursion");
      case CPU ->
          new PassStop(
              FailureKind.LIMIT,
              Limit.CPU,
              "the program used more than "
                  + Durations.format(limits.maxCpuTime())
                  + " of CPU time (maxCpuTime): do less work in JavaScript, "
                  + "e.g. aggregate in SQL");
      // GraalJS's message for a resource it does not name describes the host (the JVM's heap or
      // direct-memory limit and how much is allocated), which is none of the program's business.
      case OTHER_RESOURCE ->
          new PassStop(
              FailureKind.LIMIT,
              Limit.RESOURCES,
              "the program exhausted a resource of the sandbox: work on less data at once");
      case STOPPED -> new PassStop(FailureKind.TIMEOUT, null, "the program was stopped");
      case HOST ->
          new PassStop(
              FailureKind.INTERNAL, null, "internal error in codemode4j: " + e.asHostException());
      case ENGINE_INTERNAL ->
          new PassStop(FailureKind.INTERNAL, null, "internal error in GraalJS: " + message);
      case THROWN -> new PassStop(FailureKind.THROWN, null, "the program threw " + message);
    };
  }
}
