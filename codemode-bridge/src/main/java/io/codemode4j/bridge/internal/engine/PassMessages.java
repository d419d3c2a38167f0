package io.codemode4j.bridge.internal.engine;

import io.codemode4j.bridge.CodeExecutionLimits;
import io.codemode4j.bridge.Durations;
import io.codemode4j.bridge.audit.InternalFailure;
import io.codemode4j.bridge.internal.GuestJson;
import io.codemode4j.bridge.outcome.FailureKind;
import io.codemode4j.bridge.outcome.Limit;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.graalvm.polyglot.PolyglotException;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Every way a GraalJS pass can fail, as the {@link PassStop} its program's author reads.
 *
 * <p>Decided: a message names what happened, the limit's name as the host configures it ({@code
 * maxWallTime}, {@code maxCpuTime}, ...) and, where there is one, what to do instead, because the
 * reader is a model writing its next program. The messages are written here alone, so the pass
 * reads as a loop and the wording can be read and reviewed in one place.
 */
final class PassMessages {

  private static final JsonMapper JSON = JsonMapper.builder().build();

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
    return new PassStop(FailureKind.INTERNAL, null, InternalFailure.report("", e));
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

  static PassStop cpu(CodeExecutionLimits limits) {
    return new PassStop(
        FailureKind.LIMIT,
        Limit.CPU,
        "the program used more than "
            + Durations.format(limits.maxCpuTime())
            + " of CPU time (maxCpuTime): do less work in JavaScript, e.g. aggregate in SQL");
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
   * The program's promise resolved to undefined. Kind {@code not_json}: undefined has no JSON form,
   * and a host that reads the kind needs no new case for it.
   */
  static PassStop returnedNothing() {
    return new PassStop(
        FailureKind.NOT_JSON,
        null,
        "the program returned nothing (undefined): return the answer, e.g. "
            + "async () => { const r = await ...; return r.rows; }, or return null when there is "
            + "none (an arrow function with a { block } body returns only what a return statement "
            + "gives)");
  }

  /**
   * The program threw {@code errorText}; {@code thrown} is the thrown value as JSON, null when it
   * has none. A tool's failure envelope ({@code {kind, tool, message}}) that nothing caught is
   * reported as that tool's failure, not as a bare throw. A TypeError from calling a method a
   * namespace does not have ({@code warehouse.querry is not a function}), and a ReferenceError for
   * a name the program uses as a namespace that does not exist here, also say which namespaces and
   * methods there are; {@code namespacesJson} is the pass's {@code {namespace: [method, ...]}} and
   * {@code source} the program as it runs.
   */
  static PassStop thrown(
      String errorText, @Nullable JsonNode thrown, String namespacesJson, String source) {
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
    return new PassStop(
        FailureKind.THROWN,
        null,
        "the program threw " + errorText + missingName(errorText, namespacesJson, source));
  }

  /**
   * {@code TypeError: <receiver>.name is not a function} or {@code <receiver>["name"] ...}, as
   * GraalJS words a call of a missing method. GraalJS names a namespace, a global defined by the
   * prelude, {@code (intermediate value)}, so the namespace is then found in the source.
   */
  private static final Pattern NOT_A_FUNCTION =
      Pattern.compile(
          "TypeError: (?:\\(intermediate value\\)|(IDENT))(?:\\.(IDENT)|\\[\"(IDENT)\"\\]) is not a function"
              .replace("IDENT", "[\\p{L}_$][\\p{L}\\p{N}_$]*"));

  /** {@code ReferenceError: name is not defined}. */
  private static final Pattern NOT_DEFINED =
      Pattern.compile("ReferenceError: ([\\p{L}_$][\\p{L}\\p{N}_$]*) is not defined");

  private static final String DISCOVERY_HINT =
      " (discover_tools finds a method by what it does and returns its declaration)";

  /**
   * What to call instead, when {@code errorText} is a call of a method or namespace the pass does
   * not have; empty otherwise. Only names of this pass's namespaces appear: they are the ones the
   * run may see. A method is placed in a namespace only when the error names it, or when exactly
   * one namespace that lacks the method is written with it in the source ({@code ns.name}, {@code
   * ns?.name} or {@code ns["name"]}); otherwise nothing is guessed.
   */
  private static String missingName(String errorText, String namespacesJson, String source) {
    Matcher method = NOT_A_FUNCTION.matcher(errorText);
    Matcher name = NOT_DEFINED.matcher(errorText);
    boolean callsMethod = method.matches();
    boolean usesName = name.matches();
    if (!callsMethod && !usesName) {
      return "";
    }
    Map<String, List<String>> namespaces = new LinkedHashMap<>();
    for (Map.Entry<String, JsonNode> namespace : JSON.readTree(namespacesJson).properties()) {
      List<String> methods = new ArrayList<>();
      namespace.getValue().forEach(m -> methods.add(m.asString()));
      namespaces.put(namespace.getKey(), methods);
    }
    if (callsMethod) {
      String missing = method.group(2) != null ? method.group(2) : method.group(3);
      List<Map.Entry<String, List<String>>> lacking =
          namespaces.entrySet().stream()
              .filter(ns -> !ns.getValue().contains(missing))
              .filter(
                  ns ->
                      method.group(1) != null
                          ? ns.getKey().equals(method.group(1))
                          : member(ns.getKey(), missing).matcher(source).find())
              .toList();
      if (lacking.size() != 1) {
        return "";
      }
      String namespace = lacking.get(0).getKey();
      List<String> methods = lacking.get(0).getValue();
      return ": "
          + namespace
          + " has no method "
          + missing
          + closest(missing, methods).map(m -> " (did you mean " + m + "?)").orElse("")
          + "; its methods are "
          + String.join(", ", methods)
          + DISCOVERY_HINT;
    }
    String missing = name.group(1);
    if (namespaces.containsKey(missing)
        || !Pattern.compile(NOT_AFTER_NAME + Pattern.quote(missing) + "\\s*(?:\\?\\.|\\.|\\[)")
            .matcher(source)
            .find()) {
      return "";
    }
    return ": there is no namespace "
        + missing
        + closest(missing, List.copyOf(namespaces.keySet()))
            .map(n -> " (did you mean " + n + "?)")
            .orElse("")
        + "; the namespaces are "
        + String.join(", ", namespaces.keySet())
        + DISCOVERY_HINT;
  }

  /** Not inside a longer name, and not a property of something else. */
  private static final String NOT_AFTER_NAME = "(?<![\\p{L}\\p{N}_$.])";

  /** {@code namespace.method}, {@code namespace?.method} or {@code namespace["method"]}. */
  private static Pattern member(String namespace, String method) {
    return Pattern.compile(
        NOT_AFTER_NAME
            + Pattern.quote(namespace)
            + "\\s*(?:\\??\\.\\s*"
            + Pattern.quote(method)
            + "(?![\\p{L}\\p{N}_$])|(?:\\?\\.)?\\[\\s*[\"'`]"
            + Pattern.quote(method)
            + "[\"'`]\\s*\\])");
  }

  /** The one of {@code names} at most two edits from {@code missing}, the nearest first. */
  private static Optional<String> closest(String missing, List<String> names) {
    String best = null;
    int bestDistance = 3;
    for (String candidate : names) {
      int distance =
          editDistance(missing.toLowerCase(Locale.ROOT), candidate.toLowerCase(Locale.ROOT));
      if (distance < bestDistance) {
        best = candidate;
        bestDistance = distance;
      }
    }
    return Optional.ofNullable(best);
  }

  /** Levenshtein distance: insertions, deletions and substitutions of one character each. */
  static int editDistance(String a, String b) {
    int[] previous = new int[b.length() + 1];
    int[] current = new int[b.length() + 1];
    for (int j = 0; j <= b.length(); j++) {
      previous[j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      current[0] = i;
      for (int j = 1; j <= b.length(); j++) {
        int substitution = previous[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
        current[j] = Math.min(substitution, Math.min(previous[j], current[j - 1]) + 1);
      }
      int[] swap = previous;
      previous = current;
      current = swap;
    }
    return previous[b.length()];
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
      case CPU -> cpu(limits);
      // GraalJS's message for a resource it does not name describes the host (the JVM's heap or
      // direct-memory limit and how much is allocated), which is none of the program's business.
      case OTHER_RESOURCE ->
          new PassStop(
              FailureKind.LIMIT,
              Limit.RESOURCES,
              "the program exhausted a resource of the sandbox: work on less data at once");
      case STOPPED -> new PassStop(FailureKind.TIMEOUT, null, "the program was stopped");
      case HOST ->
          new PassStop(FailureKind.INTERNAL, null, InternalFailure.report("", e.asHostException()));
      case ENGINE_INTERNAL ->
          new PassStop(FailureKind.INTERNAL, null, InternalFailure.report(" (in GraalJS)", e));
      case THROWN -> new PassStop(FailureKind.THROWN, null, "the program threw " + message);
    };
  }
}
