package io.codemode4j.bridge.audit;

import io.codemode4j.bridge.event.CallAdmitted;
import io.codemode4j.bridge.event.CallEnded;
import io.codemode4j.bridge.event.MutationAudit;
import io.codemode4j.bridge.event.MutationIntent;
import io.codemode4j.bridge.event.PassEnded;
import io.codemode4j.bridge.event.PassListener;
import io.codemode4j.bridge.event.PassStarted;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.JacksonException;
import tools.jackson.core.StreamReadConstraints;
import tools.jackson.core.json.JsonFactory;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * Writes one JSON line per inner call, when the call ends, and one per pass, when it ends: who
 * (principal, tenant keys), which run, pass, call and outer call, what (method, tool, arguments
 * when the host opts in), what the host's authorization hook decided and why, for a {@code
 * needsApproval} call how its approval ended, who decided, why and when ({@code "approval":
 * {outcome, decider, reason, decidedAt}}, null for other calls), and what came of it (status,
 * failure kind and message, timing). Register it with {@code CodeMode.Builder.listener}; close it
 * when the {@code CodeMode} is closed.
 *
 * <p>Decided: each line is written with one {@code write} of its bytes to a stream opened for
 * appending, then flushed, under a lock, so that lines of concurrent passes never interleave and a
 * process killed mid-pass leaves every line complete or absent (never a torn line): the calls that
 * ended before the kill are there, the pass line is not. The lines are written as the events
 * arrive, which is while the pass's ledger holds its lock: a slow disk slows the pass's calls,
 * which an audit that must not lose lines accepts. A write that fails throws {@link
 * UncheckedIOException}, which the {@code CodeMode}'s listener guard logs; the pass goes on.
 *
 * <p>A call to a {@code mutation} or {@code needsApproval} tool gets one more line before its
 * handler runs, {@code "record": "intent"} ({@link MutationAudit}): written, flushed and, for a
 * file, synced to the disk ({@code fsync}) before the call may go on, so that a {@code kill -9} at
 * any moment leaves no stored write without its record, and a disk that fails stops the write
 * ({@code unaudited}) instead of losing its record. An intent without its call line is a write that
 * may or may not have happened; one with it says how it ended.
 *
 * <p>Arguments are written only with {@link Arguments#INCLUDED}, as the JSON object the program
 * passed (parsed again, so that no string a worker process sends can break the line; what does not
 * parse is written as a string).
 */
public final class AuditLog implements PassListener, MutationAudit, AutoCloseable {

  /** Whether call lines carry the calls' argument values. */
  public enum Arguments {
    /** The default: no argument value is written. */
    OMITTED,
    /** Each admitted call's line carries {@code arguments}, the object the program passed. */
    INCLUDED
  }

  /** Deeper than a program's values may nest ({@code GuestJson.MAX_DEPTH}, 400). */
  private static final int MAX_ARGUMENT_DEPTH = 512;

  private static final JsonMapper MAPPER =
      JsonMapper.builder(
              JsonFactory.builder()
                  .streamReadConstraints(
                      StreamReadConstraints.builder().maxNestingDepth(MAX_ARGUMENT_DEPTH).build())
                  .build())
          .build();

  private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

  private final OutputStream out;

  /** The file's channel, to sync intents to the disk; null when writing to a stream. */
  private final @Nullable FileChannel channel;

  private final String target;
  private final Arguments arguments;

  /** The start of each pass still running, for its call lines: principal, tenant, outer call. */
  private final Map<String, PassStarted> passes = new ConcurrentHashMap<>();

  /** With {@link Arguments#INCLUDED}, the arguments of each admitted call until it ends. */
  private final Map<String, String> argumentsByCall = new ConcurrentHashMap<>();

  private AuditLog(
      OutputStream out, @Nullable FileChannel channel, String target, Arguments arguments) {
    this.out = out;
    this.channel = channel;
    this.target = target;
    this.arguments = Objects.requireNonNull(arguments, "arguments");
  }

  /**
   * An audit log appending to {@code file}, which it creates when it does not exist; either way the
   * file is made readable by its owner alone ({@link OwnerOnly}), since it names who did what.
   *
   * @throws IOException when the file cannot be opened for appending or its mode set
   */
  public static AuditLog appendingTo(Path file, Arguments arguments) throws IOException {
    Objects.requireNonNull(file, "file");
    OwnerOnly.file(file);
    FileChannel channel =
        FileChannel.open(
            file, StandardOpenOption.CREATE, StandardOpenOption.APPEND, StandardOpenOption.WRITE);
    return new AuditLog(Channels.newOutputStream(channel), channel, file.toString(), arguments);
  }

  /**
   * An audit log writing to {@code out}, which it owns from now on (closing the log closes it). An
   * unbuffered stream keeps every line one write; an intent is flushed, which is as durable as the
   * stream makes it.
   */
  public static AuditLog writingTo(OutputStream out, Arguments arguments) {
    return new AuditLog(Objects.requireNonNull(out, "out"), null, "the audit stream", arguments);
  }

  @Override
  public boolean wantsArguments() {
    return arguments == Arguments.INCLUDED;
  }

  @Override
  public void onPassStarted(PassStarted event) {
    passes.put(event.passId(), event);
  }

  @Override
  public void onCallAdmitted(CallAdmitted event) {
    String json = event.argumentsJson();
    if (arguments == Arguments.INCLUDED && json != null) {
      argumentsByCall.put(event.callId(), json);
    }
  }

  /** Writes the intent line and syncs it to the disk before returning. */
  @Override
  public void recordIntent(MutationIntent intent) throws IOException {
    ObjectNode line = JSON.objectNode();
    line.put("record", "intent");
    ids(line, intent.runId(), intent.passId(), passes.get(intent.passId()));
    line.put("callId", intent.callId());
    line.put("method", intent.method());
    line.put("tool", intent.tool());
    line.put("at", intent.at().toString());
    String json = intent.argumentsJson();
    if (arguments == Arguments.INCLUDED && json != null) {
      line.set("arguments", argumentsNode(json));
    }
    write(line, true);
  }

  @Override
  public void onCallEnded(CallEnded event) {
    PassStarted pass = passes.get(event.passId());
    ObjectNode line = JSON.objectNode();
    line.put("record", "call");
    ids(line, event.runId(), event.passId(), pass);
    line.put("callId", event.callId());
    line.put("method", event.method());
    line.put("tool", event.tool());
    line.put("authorization", event.authorization().wireName());
    if (event.approval() == null) {
      line.putNull("approval");
    } else {
      line.putObject("approval")
          .put("outcome", event.approval().outcome().wireName())
          .put("decider", event.approval().decider())
          .put("reason", event.approval().reason())
          .put("decidedAt", event.approval().decidedAt().toString());
    }
    line.put("status", event.status().wireName());
    line.put("failureKind", event.failureKind() == null ? null : event.failureKind().wireName());
    line.put("failureMessage", event.failureMessage());
    line.put("invokedAt", event.invokedAt().toString());
    line.put("startedAt", instant(event.startedAt()));
    line.put("durationMs", millis(event.duration()));
    String json = argumentsByCall.remove(event.callId());
    if (json != null) {
      line.set("arguments", argumentsNode(json));
    }
    observed(line);
  }

  @Override
  public void onPassEnded(PassEnded event) {
    PassStarted pass = passes.remove(event.passId());
    ObjectNode line = JSON.objectNode();
    line.put("record", "pass");
    ids(line, event.runId(), event.passId(), pass);
    line.put("toolName", event.toolName());
    line.put("outcome", event.failure() == null ? "ok" : event.failure().wireName());
    line.put("limit", event.limit() == null ? null : event.limit().wireName());
    line.put("startedAt", event.startedAt().toString());
    line.put("durationMs", millis(event.duration()));
    line.put("calls", event.calls().size());
    observed(line);
  }

  /** The identity every line carries; the pass's start is null only for a pass begun unseen. */
  private static void ids(
      ObjectNode line, String runId, String passId, @Nullable PassStarted pass) {
    line.put("runId", runId);
    line.put("passId", passId);
    line.put("parentCallId", pass == null ? null : pass.parentCallId());
    line.put("principal", pass == null ? null : pass.principalId());
    Set<String> tenant = pass == null ? null : pass.tenant();
    if (tenant == null) {
      line.putNull("tenant");
    } else {
      ArrayNode keys = line.putArray("tenant");
      tenant.stream().sorted().forEach(keys::add);
    }
  }

  private static JsonNode argumentsNode(String json) {
    try {
      return MAPPER.readTree(json);
    } catch (JacksonException e) {
      return JSON.stringNode(json);
    }
  }

  private static @Nullable String instant(@Nullable Instant instant) {
    return instant == null ? null : instant.toString();
  }

  /** Milliseconds with microsecond precision, e.g. {@code 3.472}. */
  private static double millis(Duration duration) {
    return duration.toNanos() / 1_000 / 1_000.0;
  }

  /** Writes a line of an event observed; a failure is the listener guard's to log. */
  private void observed(ObjectNode line) {
    try {
      write(line, false);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Writes one line in one write, flushed, and synced to the disk when {@code sync}. */
  private void write(ObjectNode line, boolean sync) throws IOException {
    byte[] bytes = (MAPPER.writeValueAsString(line) + "\n").getBytes(StandardCharsets.UTF_8);
    synchronized (out) {
      try {
        out.write(bytes);
        out.flush();
        if (sync && channel != null) {
          channel.force(false);
        }
      } catch (IOException e) {
        throw new IOException(
            "the audit log could not write to " + target + ": " + e.getMessage(), e);
      }
    }
  }

  /** Closes the file or stream; lines of passes still running after this are lost. */
  @Override
  public void close() throws IOException {
    synchronized (out) {
      out.close();
    }
  }
}
