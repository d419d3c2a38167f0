package io.codemode4j.bridge;

import io.codemode4j.bridge.audit.LogText;
import io.codemode4j.bridge.internal.Utf8;
import io.codemode4j.bridge.internal.engine.PassResult;
import io.codemode4j.bridge.outcome.CallRecord;
import io.codemode4j.bridge.outcome.Egress;
import io.codemode4j.bridge.outcome.FailureKind;
import io.codemode4j.bridge.outcome.Limit;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * Turns a pass's full outcome into what the model sees: redaction first, then {@code
 * maxEgressBytes} over the whole object. When room is short, call evidence goes in first (calls
 * that do not fit are counted in {@code omittedCalls}), then the result, then logs, then the thrown
 * value; a part that does not fit is replaced by a short note saying how large it was.
 */
final class EgressShaper {

  static final int MIN_EGRESS_BYTES = 256;
  private static final int MAX_ERROR_MESSAGE_BYTES = 1024;
  private static final int RESULT_NOTE_RESERVE = 160;

  /** Room kept for {@code omittedCalls} growing from 0 to two digits. */
  private static final int OMITTED_CALLS_DIGITS = 2;

  private static final Logger LOG = LoggerFactory.getLogger(EgressShaper.class);
  private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

  private final int maxBytes;

  /** Null when the host redacts nothing. */
  private final @Nullable EgressRedactor redactor;

  EgressShaper(int maxBytes, @Nullable EgressRedactor redactor) {
    this.maxBytes = maxBytes;
    this.redactor = redactor;
  }

  Egress shape(PassResult pass) {
    JsonNode result = pass.result();
    List<String> logLines = new ArrayList<>(pass.logs().size());
    pass.logs().forEach(entry -> logLines.add(entry.line()));
    JsonNode thrown = pass.thrown();
    boolean redactionFailed = false;
    if (redactor != null) {
      try {
        EgressRedactor r = redactor;
        result = nonNull(r.redact(result));
        List<String> redacted = new ArrayList<>(logLines.size());
        for (String line : logLines) {
          JsonNode value = nonNull(r.redact(JSON.stringNode(line)));
          redacted.add(value.isString() ? value.asString() : value.toString());
        }
        logLines.clear();
        logLines.addAll(redacted);
        thrown = thrown == null ? null : nonNull(r.redact(thrown));
      } catch (RuntimeException e) {
        LOG.warn(
            "redactEgress failed in pass {}; the model sees no program output for it",
            pass.passId(),
            LogText.of(e));
        redactionFailed = true;
      }
    }

    List<String> omittedParts = new ArrayList<>();
    ObjectNode out = JSON.objectNode();
    boolean ok = pass.ok() && !redactionFailed;
    out.put("ok", ok);
    out.putNull("result");
    ArrayNode logs = out.putArray("logs");
    ArrayNode calls = out.putArray("calls");
    out.put("omittedCalls", 0);
    ObjectNode error = null;
    if (redactionFailed) {
      error =
          out.putObject("error")
              .put("kind", FailureKind.INTERNAL.wireName())
              .put("message", "egress redaction failed; nothing the program produced is shown");
      result = JSON.nullNode();
      logLines.clear();
      thrown = null;
      omittedParts.addAll(List.of("result", "logs", "thrown"));
    } else if (pass.failure() instanceof FailureKind failure) {
      error = out.putObject("error").put("kind", failure.wireName());
      if (pass.limit() instanceof Limit limit) {
        error.put("limit", limit.wireName());
      }
      // The message is cut to what the budget leaves beside the envelope, so that even the smallest
      // budget holds a failure's kind, limit and the start of its message.
      error.put("message", "");
      int room = maxBytes - Utf8.length(out.toString()) - OMITTED_CALLS_DIGITS;
      error.put("message", truncate(pass.message(), Math.min(MAX_ERROR_MESSAGE_BYTES, room)));
    } else {
      out.putNull("error");
    }

    // Sizes are tracked as parts are added, so shaping costs one serialisation per part, not per
    // element.
    Budget budget = new Budget(Utf8.length(out.toString()));
    // Calls come first, but never at the cost of the answer: room stays for the result or its note.
    int resultBytes = ok && !result.isNull() ? Utf8.length(result.toString()) : 0;
    int resultReserve = Math.min(resultBytes, RESULT_NOTE_RESERVE);
    int omittedCalls = 0;
    for (CallRecord call : pass.calls()) {
      ObjectNode entry =
          JSON.objectNode()
              .put("method", call.method())
              .put("status", call.status().wireName())
              .put("durationMs", call.duration().toMillis());
      if (call.failureKind() != null) {
        entry.put("kind", call.failureKind());
      }
      if (omittedCalls == 0
          && budget.take(elementCost(calls, entry), OMITTED_CALLS_DIGITS + resultReserve)) {
        calls.add(entry);
      } else {
        omittedCalls++;
      }
    }
    out.put("omittedCalls", omittedCalls);
    budget.used = Utf8.length(out.toString());

    if (ok && !result.isNull()) {
      int nullCost = 4;
      if (budget.take(resultBytes - nullCost, 0)) {
        out.set("result", result);
      } else {
        omittedParts.add("result");
        JsonNode note =
            JSON.stringNode(
                "[result omitted: "
                    + resultBytes
                    + " bytes of JSON exceed the model's egress budget of "
                    + maxBytes
                    + " bytes; return a smaller summary]");
        if (budget.take(Utf8.length(note.toString()) - nullCost, 0)) {
          out.set("result", note);
        }
      }
    }

    int dropped = 0;
    int noteReserve = 48;
    for (String line : logLines) {
      JsonNode node = JSON.stringNode(line);
      if (dropped == 0 && budget.take(elementCost(logs, node), noteReserve)) {
        logs.add(node);
      } else {
        dropped++;
      }
    }
    if (dropped > 0) {
      omittedParts.add("logs");
      JsonNode note = JSON.stringNode("[" + dropped + " more log lines omitted]");
      if (budget.take(elementCost(logs, note), 0)) {
        logs.add(note);
      }
    }

    if (thrown != null && error != null) {
      if (budget.take(",\"thrown\":".length() + Utf8.length(thrown.toString()), 0)) {
        error.set("thrown", thrown);
      } else {
        omittedParts.add("thrown");
      }
    }
    return new Egress(out, Utf8.length(out.toString()), omittedCalls, omittedParts);
  }

  /** Bytes of the egress object so far, against the budget. */
  private final class Budget {
    int used;

    Budget(int used) {
      this.used = used;
    }

    /** Adds {@code bytes} if they fit with {@code reserve} bytes to spare. */
    boolean take(int bytes, int reserve) {
      if (used + bytes + reserve > maxBytes) {
        return false;
      }
      used += bytes;
      return true;
    }
  }

  private static int elementCost(ArrayNode array, JsonNode element) {
    return Utf8.length(element.toString()) + (array.isEmpty() ? 0 : 1);
  }

  /** A redactor is declared to return JSON, but one from code outside NullAway may return null. */
  private static JsonNode nonNull(@Nullable JsonNode value) {
    return value == null ? JSON.nullNode() : value;
  }

  /**
   * {@code text}, or its start followed by {@code ...}, taking at most {@code maxBytes} bytes as
   * the content of a JSON string: each character is counted as Jackson writes it (a control
   * character's escape is six bytes, not one), and the cut falls between code points, never inside
   * a surrogate pair.
   */
  static String truncate(String text, int maxBytes) {
    if (jsonBytes(text) <= maxBytes) {
      return text;
    }
    if (maxBytes < 3) {
      return "";
    }
    int used = 0;
    int end = 0;
    while (end < text.length()) {
      int next = text.offsetByCodePoints(end, 1);
      int cost = jsonBytes(text.substring(end, next));
      if (used + cost > maxBytes - 3) {
        break;
      }
      used += cost;
      end = next;
    }
    return text.substring(0, end) + "...";
  }

  /** The bytes {@code text} takes inside a JSON string's quotes. */
  private static int jsonBytes(String text) {
    return Utf8.length(JSON.stringNode(text).toString()) - 2;
  }
}
