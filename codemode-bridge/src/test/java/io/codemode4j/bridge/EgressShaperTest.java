package io.codemode4j.bridge;

import static org.assertj.core.api.Assertions.assertThat;

import io.codemode4j.bridge.internal.Utf8;
import io.codemode4j.bridge.internal.engine.PassResult;
import io.codemode4j.bridge.outcome.CallRecord;
import io.codemode4j.bridge.outcome.CallStatus;
import io.codemode4j.bridge.outcome.Egress;
import io.codemode4j.bridge.outcome.FailureKind;
import io.codemode4j.bridge.outcome.LogEntry;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;

/** The egress budget's arithmetic, on pass results built by hand: no engine runs. */
class EgressShaperTest {

  private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

  private static List<CallRecord> calls(int count) {
    return IntStream.rangeClosed(1, count)
        .mapToObj(
            i ->
                new CallRecord(
                    "p:" + i,
                    "billing.invoices",
                    "invoices",
                    CallStatus.SUCCEEDED,
                    null,
                    Instant.EPOCH,
                    Duration.ofMillis(3)))
        .toList();
  }

  private static List<LogEntry> logs(int count, String text) {
    return IntStream.rangeClosed(1, count)
        .mapToObj(i -> new LogEntry(LogEntry.Level.INFO, text + i))
        .toList();
  }

  private static JsonNode result(int bytes) {
    return JSON.objectNode().put("text", "x".repeat(bytes));
  }

  private static Egress shape(int maxBytes, PassResult pass) {
    return new EgressShaper(maxBytes, null).shape(pass);
  }

  @Test
  void shape_everythingFits_keepsItAllAndCountsItsBytes() {
    Egress egress = shape(4096, PassResult.succeeded("p", result(20), logs(2, "line"), calls(2)));

    assertThat(egress.omittedParts()).isEmpty();
    assertThat(egress.omittedCalls()).isZero();
    assertThat(egress.json().get("result")).isEqualTo(result(20));
    assertThat(egress.json().get("logs").size()).isEqualTo(2);
    assertThat(egress.json().get("logs").get(0).asString()).isEqualTo("[info] line1");
    assertThat(egress.bytes()).isEqualTo(Utf8.length(egress.json().toString()));
  }

  @ParameterizedTest(name = "maxEgressBytes {0}")
  @ValueSource(ints = {256, 300, 512, 700, 1024, 1500, 2048, 4096})
  void shape_anyBudget_isNeverExceededAndBytesIsTheJsonsSize(int maxBytes) {
    Egress egress =
        shape(
            maxBytes,
            PassResult.succeeded("p", result(maxBytes / 2), logs(40, "é-line "), calls(30)));

    assertThat(egress.bytes()).isLessThanOrEqualTo(maxBytes);
    assertThat(egress.bytes()).isEqualTo(Utf8.length(egress.json().toString()));
  }

  @ParameterizedTest(name = "maxEgressBytes {0}")
  @ValueSource(ints = {256, 300, 512, 1024, 1536, 2048, 4096})
  void shape_failedPassOverTheBudget_isNeverExceeded(int maxBytes) {
    JsonNode thrown = JSON.objectNode().put("message", "y".repeat(maxBytes));
    Egress egress =
        shape(
            maxBytes,
            PassResult.failed(
                "p",
                FailureKind.THROWN,
                null,
                "the program threw " + "z".repeat(2000),
                thrown,
                logs(20, "line"),
                calls(20)));

    assertThat(egress.bytes()).isLessThanOrEqualTo(maxBytes);
    assertThat(egress.omittedParts()).contains("thrown");
    assertThat(egress.json().get("error").get("message").asString()).endsWith("...");
  }

  @ParameterizedTest(name = "message of {0}")
  @ValueSource(strings = {"\u0001", "\"", "\u00e9", "\ud83d\ude00", "\n"})
  void shape_failureMessageOfCharactersJsonEscapes_staysWithinTheSmallestBudget(String unit) {
    Egress egress =
        shape(
            EgressShaper.MIN_EGRESS_BYTES,
            PassResult.failed(
                "p",
                FailureKind.THROWN,
                null,
                unit.repeat(600),
                JSON.nullNode(),
                List.of(),
                calls(3)));

    String message = egress.json().get("error").get("message").asString();
    assertThat(egress.bytes()).isLessThanOrEqualTo(EgressShaper.MIN_EGRESS_BYTES);
    assertThat(message).endsWith("...").startsWith(unit);
    assertThat(message.codePoints().allMatch(c -> !Character.isSurrogate((char) c) || c > 0xFFFF))
        .as("no lone surrogate")
        .isTrue();
  }

  @ParameterizedTest(name = "{0} in {1} bytes")
  @org.junit.jupiter.params.provider.CsvSource(
      delimiter = '|',
      textBlock =
          """
      abcdef | 6 | abcdef
      abcdefg | 6 | abc...
      abcdefg | 2 | ''
      """)
  void truncate_text_isCutToTheBytesWithAnEllipsis(String text, int maxBytes, String expected) {
    assertThat(EgressShaper.truncate(text, maxBytes)).isEqualTo(expected);
  }

  @Test
  void shape_resultOverTheBudget_isReplacedByANoteNamingItsSize() {
    JsonNode big = result(2000);

    Egress egress = shape(512, PassResult.succeeded("p", big, List.of(), List.of()));

    int size = Utf8.length(big.toString());
    assertThat(egress.omittedParts()).containsExactly("result");
    assertThat(egress.json().get("result").asString())
        .startsWith("[result omitted: " + size + " bytes of JSON exceed the model's egress budget");
  }

  @Test
  void shape_callsOverTheBudget_areCountedButLeaveRoomForTheResult() {
    Egress egress = shape(512, PassResult.succeeded("p", result(100), List.of(), calls(50)));

    assertThat(egress.omittedCalls()).isPositive();
    assertThat(egress.json().get("calls").size() + egress.omittedCalls()).isEqualTo(50);
    assertThat(egress.json().get("omittedCalls").asInt()).isEqualTo(egress.omittedCalls());
    assertThat(egress.json().get("result")).isEqualTo(result(100));
  }

  @Test
  void shape_logsOverTheBudget_keepTheFirstLinesAndCountTheRest() {
    Egress egress =
        shape(512, PassResult.succeeded("p", JSON.nullNode(), logs(100, "x"), List.of()));

    List<String> kept = egress.json().get("logs").valueStream().map(JsonNode::asString).toList();
    String note = kept.get(kept.size() - 1);
    int shown = kept.size() - 1;
    assertThat(egress.omittedParts()).containsExactly("logs");
    assertThat(kept.get(0)).isEqualTo("[info] x1");
    assertThat(note).isEqualTo("[" + (100 - shown) + " more log lines omitted]");
  }

  @Test
  void shape_multiByteText_isBudgetedInUtf8BytesNotCharacters() {
    // Two lines of 50 'é' are 100 characters but 200 bytes: counted in characters both would fit
    // a 256-byte budget, counted in UTF-8 only the first does.
    String line = "é".repeat(50);
    PassResult pass =
        PassResult.succeeded(
            "p",
            JSON.nullNode(),
            List.of(new LogEntry(LogEntry.Level.LOG, line), new LogEntry(LogEntry.Level.LOG, line)),
            List.of());

    Egress egress = shape(256, pass);

    assertThat(egress.json().get("logs").valueStream().map(JsonNode::asString))
        .containsExactly(line, "[1 more log lines omitted]");
    assertThat(egress.bytes()).isLessThanOrEqualTo(256);
  }
}
