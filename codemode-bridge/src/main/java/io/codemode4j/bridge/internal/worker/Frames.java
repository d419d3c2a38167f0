package io.codemode4j.bridge.internal.worker;

import io.codemode4j.bridge.internal.GuestJson;
import io.codemode4j.bridge.internal.broker.CallDispatcher;
import io.codemode4j.bridge.outcome.FailureKind;
import io.codemode4j.bridge.outcome.Limit;
import io.codemode4j.bridge.outcome.LogEntry;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The parent-worker protocol: each frame is a 4-byte big-endian length and that many bytes of UTF-8
 * JSON, an object whose {@code type} names a {@link FrameType}. {@link #toJson} writes a {@link
 * Frame} and {@link #parse} reads one; nothing else in the package touches a frame's JSON.
 *
 * <p>Decided: parsing is strict. A frame of a type the reading side does not accept, or missing a
 * field, or with a field of the wrong type, is a {@link FrameProtocolException}, as is a frame over
 * {@link #MAX_FRAME_BYTES} (so neither side can be made to buffer without bound). Nothing is
 * guessed: a worker that sends a frame this side cannot read has a bug or is hostile, and its pass
 * ends {@code internal}.
 */
final class Frames {

  static final int MAX_FRAME_BYTES = 64 * 1024 * 1024;

  /**
   * The most JSON one call's arguments or result may be under process isolation: JSON text inside a
   * frame is a string, which at most doubles (every quote and backslash escaped), and a megabyte is
   * left for the frame's own fields. {@link WorkerProcessExecutor} caps {@code maxHostCallBytes} to
   * it, so the broker refuses a larger call as {@code too_large} before any frame is written.
   */
  static final int MAX_CALL_BYTES = (MAX_FRAME_BYTES - 1024 * 1024) / 2;

  /** Reads the deeper nesting of a program's value inside a frame; see {@link GuestJson}. */
  private static final JsonMapper JSON = GuestJson.frames();

  /** What a worker accepts: frames the parent sends. */
  static final Set<FrameType> FROM_PARENT = FrameType.sentBy(FrameType.Side.PARENT);

  /** What the parent accepts: frames a worker sends. */
  static final Set<FrameType> FROM_WORKER = FrameType.sentBy(FrameType.Side.WORKER);

  private Frames() {}

  /** The wire JSON of {@code frame}. */
  static ObjectNode toJson(Frame frame) {
    ObjectNode json = JSON.createObjectNode().put("type", frame.type().wireName());
    switch (frame) {
      case Frame.Ready ready -> {}
      case Frame.Run run ->
          json.put("passId", run.passId())
              .put("source", run.source())
              .put("namespaces", run.namespaces())
              .put("wallNanos", run.wallNanos())
              .set("limits", JSON.valueToTree(run.limits()));
      case Frame.Call call ->
          json.put("id", call.id())
              .put("method", call.method())
              .put("args", call.args())
              .put("bytes", call.bytes());
      case Frame.Completion completion ->
          json.put("id", completion.id())
              .put("failure", completion.completion().failure())
              .put("json", completion.completion().json());
      case Frame.Stop stop -> json.put("message", stop.message());
      case Frame.Done done -> {
        json.put("passId", done.passId())
            .put("failure", done.failure() == null ? null : done.failure().wireName())
            .put("limit", done.limit() == null ? null : done.limit().wireName())
            .put("message", done.message());
        json.set("result", done.result());
        json.set("thrown", done.thrown());
        ArrayNode logs = json.putArray("logs");
        done.logs()
            .forEach(
                log ->
                    logs.addObject()
                        .put("level", log.level().name())
                        .put("message", log.message()));
      }
    }
    return json;
  }

  /**
   * The frame {@code json} holds, if it is one of the {@code accepted} types and well formed.
   *
   * @throws FrameProtocolException naming the type it got and the ones accepted, otherwise
   */
  static Frame parse(JsonNode json, Set<FrameType> accepted) throws FrameProtocolException {
    if (json == null || !json.isObject()) {
      throw new FrameProtocolException(null, accepted, "a frame must be a JSON object");
    }
    JsonNode typeNode = json.get("type");
    if (typeNode == null || !typeNode.isString()) {
      throw new FrameProtocolException(null, accepted, "a frame must have a string type");
    }
    String received = typeNode.asString();
    FrameType type = FrameType.named(received);
    if (type == null || !accepted.contains(type)) {
      throw new FrameProtocolException(
          received, accepted, type == null ? "no such frame type" : "not accepted here");
    }
    Fields fields = new Fields(json, received, accepted);
    try {
      return switch (type) {
        case READY -> new Frame.Ready();
        case RUN ->
            new Frame.Run(
                fields.text("passId"),
                fields.text("source"),
                fields.text("namespaces"),
                fields.integer("wallNanos"),
                fields.limits("limits"));
        case CALL ->
            new Frame.Call(
                Math.toIntExact(fields.integer("id")),
                fields.text("method"),
                fields.nullableText("args"),
                Math.toIntExact(fields.integer("bytes")));
        case COMPLETION ->
            new Frame.Completion(
                Math.toIntExact(fields.integer("id")),
                new CallDispatcher.Completion(fields.bool("failure"), fields.text("json")));
        case STOP -> new Frame.Stop(fields.text("message"));
        case DONE ->
            new Frame.Done(
                fields.text("passId"),
                fields.failureKind("failure"),
                fields.limit("limit"),
                fields.text("message"),
                fields.jsonOrNullNode("result"),
                fields.nullableJson("thrown"),
                fields.logs("logs"));
      };
    } catch (IllegalArgumentException | ArithmeticException e) {
      // A record's compact constructor refused a value the fields held.
      throw new FrameProtocolException(
          received, accepted, Objects.requireNonNullElse(e.getMessage(), e.toString()));
    }
  }

  /** The fields of one frame, each read as the type it must have. */
  private record Fields(JsonNode json, String received, Set<FrameType> accepted) {

    private JsonNode required(String field) throws FrameProtocolException {
      JsonNode value = json.get(field);
      if (value == null || value.isNull()) {
        throw refused(field + " is missing");
      }
      return value;
    }

    String text(String field) throws FrameProtocolException {
      JsonNode value = required(field);
      if (!value.isString()) {
        throw refused(field + " must be a string");
      }
      return value.asString();
    }

    @Nullable String nullableText(String field) throws FrameProtocolException {
      JsonNode value = json.get(field);
      return value == null || value.isNull() ? null : text(field);
    }

    long integer(String field) throws FrameProtocolException {
      JsonNode value = required(field);
      if (!value.isIntegralNumber() || !value.canConvertToLong()) {
        throw refused(field + " must be an integer");
      }
      return value.asLong();
    }

    boolean bool(String field) throws FrameProtocolException {
      JsonNode value = required(field);
      if (!value.isBoolean()) {
        throw refused(field + " must be a boolean");
      }
      return value.asBoolean();
    }

    /** The field's value; JSON {@code null} when it is absent. */
    JsonNode jsonOrNullNode(String field) {
      JsonNode value = json.get(field);
      return value == null ? JSON.nullNode() : value;
    }

    @Nullable JsonNode nullableJson(String field) {
      JsonNode value = json.get(field);
      return value == null || value.isNull() ? null : value;
    }

    @Nullable FailureKind failureKind(String field) throws FrameProtocolException {
      String wire = nullableText(field);
      if (wire == null) {
        return null;
      }
      for (FailureKind kind : FailureKind.values()) {
        if (kind.wireName().equals(wire)) {
          return kind;
        }
      }
      throw refused(field + " names no failure kind: " + wire);
    }

    @Nullable Limit limit(String field) throws FrameProtocolException {
      String wire = nullableText(field);
      return wire == null ? null : Limit.fromWireName(wire);
    }

    Frame.WorkerLimits limits(String field) throws FrameProtocolException {
      JsonNode value = required(field);
      try {
        return JSON.treeToValue(value, Frame.WorkerLimits.class);
      } catch (JacksonException e) {
        throw refused(field + " are not worker limits: " + e.getOriginalMessage());
      }
    }

    List<LogEntry> logs(String field) throws FrameProtocolException {
      JsonNode value = required(field);
      if (!value.isArray()) {
        throw refused(field + " must be an array");
      }
      List<LogEntry> logs = new ArrayList<>();
      for (JsonNode log : value) {
        Fields entry = new Fields(log, received, accepted);
        if (!log.isObject()) {
          throw refused(field + " must hold objects");
        }
        logs.add(new LogEntry(LogEntry.Level.valueOf(entry.text("level")), entry.text("message")));
      }
      return logs;
    }

    private FrameProtocolException refused(String problem) {
      return new FrameProtocolException(received, accepted, problem);
    }
  }

  /** A frame over {@link #MAX_FRAME_BYTES}, which was therefore not written. */
  static final class FrameTooLargeException extends Exception {
    private static final long serialVersionUID = 1L;
    private final int bytes;

    FrameTooLargeException(int bytes) {
      super("a frame of " + bytes + " bytes is over the cap of " + MAX_FRAME_BYTES);
      this.bytes = bytes;
    }

    int bytes() {
      return bytes;
    }
  }

  /** Writes frames; safe to share between threads. */
  static final class Writer {
    private final DataOutputStream out;

    Writer(OutputStream out) {
      this.out = new DataOutputStream(new BufferedOutputStream(out, 1 << 16));
    }

    /**
     * Writes {@code frame}, measured before anything is sent: a frame over {@link
     * #MAX_FRAME_BYTES}, which the other side would refuse as a broken protocol, is not written.
     *
     * @throws FrameTooLargeException when the frame is over the cap; the stream is untouched
     */
    synchronized void write(Frame frame) throws IOException, FrameTooLargeException {
      byte[] bytes = JSON.writeValueAsBytes(toJson(frame));
      if (bytes.length > MAX_FRAME_BYTES) {
        throw new FrameTooLargeException(bytes.length);
      }
      out.writeInt(bytes.length);
      out.write(bytes);
      out.flush();
    }

    void close() {
      try {
        out.close();
      } catch (IOException e) {
        // The other side is gone; nothing is left to tell it.
      }
    }
  }

  /** Reads frames of the {@code accepted} types; one thread at a time. */
  static final class Reader {
    private final DataInputStream in;
    private final Set<FrameType> accepted;

    Reader(InputStream in, Set<FrameType> accepted) {
      this.in = new DataInputStream(new BufferedInputStream(in, 1 << 16));
      this.accepted = Set.copyOf(accepted);
    }

    /**
     * The next frame; null at the end of the stream, also within a frame (its sender died).
     *
     * @throws FrameProtocolException for a frame this side refuses
     */
    @Nullable Frame read() throws IOException {
      int length;
      try {
        length = in.readInt();
      } catch (EOFException e) {
        return null;
      }
      if (length < 0 || length > MAX_FRAME_BYTES) {
        throw new FrameProtocolException(
            null, accepted, "a frame of " + length + " bytes is outside 0.." + MAX_FRAME_BYTES);
      }
      byte[] bytes = in.readNBytes(length);
      if (bytes.length != length) {
        return null;
      }
      JsonNode json;
      try {
        json = JSON.readTree(new String(bytes, StandardCharsets.UTF_8));
      } catch (JacksonException e) {
        throw new FrameProtocolException(
            null, accepted, "the frame is not JSON: " + e.getOriginalMessage());
      }
      return parse(json, accepted);
    }
  }
}
