package io.codemode4j.bridge.internal.worker;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.codemode4j.bridge.CodeExecutionLimits;
import io.codemode4j.bridge.internal.broker.CallDispatcher;
import io.codemode4j.bridge.internal.engine.PassResult;
import io.codemode4j.bridge.outcome.CallRecord;
import io.codemode4j.bridge.outcome.CallStatus;
import io.codemode4j.bridge.outcome.FailureKind;
import io.codemode4j.bridge.outcome.Limit;
import io.codemode4j.bridge.outcome.LogEntry;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.JsonNodeFactory;

class FramesTest {

  private static final JsonMapper JSON = JsonMapper.builder().build();
  private static final Set<FrameType> ALL = EnumSet.allOf(FrameType.class);

  static Stream<Frame> everyFrameType() {
    CodeExecutionLimits limits =
        CodeExecutionLimits.defaults()
            .withMaxCpuTime(Duration.ofMillis(1500))
            .withMaxStackFrames(321);
    return Stream.of(
        new Frame.Ready(),
        new Frame.Run(
            "p-1",
            "async () => 1",
            "{\"t\":[\"a\"]}",
            5_000_000_000L,
            Frame.WorkerLimits.of(limits)),
        new Frame.Call(3, "billing.invoices", "{\"region\":\"eu\"}", 15),
        new Frame.Call(5, "billing.invoices", null, 2_000_000),
        new Frame.Call(4, "billing.none", null, 0),
        new Frame.Completion(3, new CallDispatcher.Completion(true, "{\"kind\":\"denied\"}")),
        new Frame.Stop("the pass was interrupted by its caller"),
        new Frame.Done(
            "p-1",
            null,
            null,
            "ok",
            JSON.readTree("{\"total\":[1,2.5,\"x\"]}"),
            null,
            List.of(new LogEntry(LogEntry.Level.WARN, "careful"))),
        new Frame.Done(
            "p-2",
            FailureKind.LIMIT,
            Limit.CPU,
            "too much",
            JsonNodeFactory.instance.nullNode(),
            JSON.readTree("{\"message\":\"boom\"}"),
            List.of()));
  }

  @ParameterizedTest
  @MethodSource("everyFrameType")
  void read_writtenFrame_isEqualToIt(Frame frame) throws Exception {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    new Frames.Writer(bytes).write(frame);
    Frames.Reader reader = new Frames.Reader(new ByteArrayInputStream(bytes.toByteArray()), ALL);

    assertThat(reader.read()).isEqualTo(frame);
    assertThat(reader.read()).isNull();
  }

  @Test
  void everyFrameType_coversEveryFrameType() {
    assertThat(everyFrameType().map(Frame::type)).containsAll(ALL);
  }

  static Stream<PassResult> passResults() {
    return Stream.of(
        PassResult.succeeded(
            "p-1",
            JSON.readTree("[1,\"two\"]"),
            List.of(new LogEntry(LogEntry.Level.INFO, "i")),
            List.of()),
        PassResult.failed(
            "p-2",
            FailureKind.THROWN,
            null,
            "uncaught failure of t.echo (timeout): slow",
            JSON.readTree("{\"kind\":\"timeout\"}"),
            List.of(),
            List.of()),
        PassResult.failed(
            "p-3", FailureKind.LIMIT, Limit.MAX_LOG_BYTES, "logged", null, List.of(), List.of()));
  }

  @ParameterizedTest
  @MethodSource("passResults")
  void done_ofAPassResultReadBack_isThatResultWithTheParentsCalls(PassResult result)
      throws Exception {
    List<CallRecord> calls =
        List.of(
            new CallRecord(
                "p:1",
                "t.echo",
                "echo",
                CallStatus.UNCERTAIN,
                null,
                Instant.EPOCH,
                Duration.ofMillis(2)));
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    new Frames.Writer(bytes).write(Frame.Done.of(result));
    Frame read =
        new Frames.Reader(new ByteArrayInputStream(bytes.toByteArray()), Frames.FROM_WORKER).read();

    assertThat(read)
        .isInstanceOfSatisfying(
            Frame.Done.class,
            done -> {
              assertThat(done.toResult(List.of())).isEqualTo(result);
              assertThat(done.toResult(calls).calls()).isEqualTo(calls);
            });
  }

  @Test
  void write_frameOverTheCap_isRefusedAndNothingIsWritten() {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    String args = "{\"value\":\"" + "x".repeat(Frames.MAX_FRAME_BYTES) + "\"}";

    assertThatThrownBy(
            () -> new Frames.Writer(bytes).write(new Frame.Call(1, "t.echo", args, args.length())))
        .isInstanceOfSatisfying(
            Frames.FrameTooLargeException.class,
            e -> assertThat(e.bytes()).isGreaterThan(Frames.MAX_FRAME_BYTES));
    assertThat(bytes.size()).isZero();
  }

  @Test
  void maxCallBytes_escapedAsAFrameString_fitsAFrame() throws Exception {
    // The worst case: every character of the JSON text is escaped inside the frame.
    String args = "\"".repeat(Frames.MAX_CALL_BYTES);
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();

    new Frames.Writer(bytes).write(new Frame.Call(1, "t.echo", args, args.length()));

    assertThat(bytes.size()).isLessThanOrEqualTo(Frames.MAX_FRAME_BYTES + 4);
  }

  @Test
  void workerLimits_roundTrip_isThePublicLimits() {
    CodeExecutionLimits limits = CodeExecutionLimits.defaults().withMaxAllocatedBytes(5L << 20);

    assertThat(Frame.WorkerLimits.of(limits).toLimits()).isEqualTo(limits);
  }

  @Test
  void fromParentAndFromWorker_splitEveryType() {
    assertThat(Frames.FROM_PARENT)
        .containsExactlyInAnyOrder(FrameType.RUN, FrameType.COMPLETION, FrameType.STOP);
    assertThat(Frames.FROM_WORKER)
        .containsExactlyInAnyOrder(FrameType.READY, FrameType.CALL, FrameType.DONE);
  }

  @Test
  void parse_unknownType_isRefusedNamingItAndTheAcceptedTypes() {
    assertThatThrownBy(
            () ->
                Frames.parse(
                    JSON.readTree("{\"type\":\"dnoe\",\"passId\":\"p\"}"), Frames.FROM_WORKER))
        .isInstanceOfSatisfying(
            FrameProtocolException.class,
            e -> {
              assertThat(e.received()).isEqualTo("dnoe");
              assertThat(e.accepted()).isEqualTo(Frames.FROM_WORKER);
              assertThat(e.getMessage())
                  .isEqualTo(
                      "refused a frame of type 'dnoe': no such frame type"
                          + " (this side accepts ready, call, done)");
            });
  }

  @Test
  void parse_typeOfTheOtherSide_isRefused() {
    assertThatThrownBy(
            () ->
                Frames.parse(
                    JSON.readTree("{\"type\":\"stop\",\"message\":\"m\"}"), Frames.FROM_WORKER))
        .isInstanceOf(FrameProtocolException.class)
        .hasMessageContaining("'stop': not accepted here");
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "[]",
        "{}",
        "{\"type\":7}",
        "{\"type\":\"call\",\"method\":\"m\"}",
        "{\"type\":\"call\",\"id\":\"1\",\"method\":\"m\"}",
        "{\"type\":\"call\",\"id\":1.5,\"method\":\"m\"}",
        "{\"type\":\"call\",\"id\":1,\"method\":\"m\",\"args\":{}}",
        "{\"type\":\"done\",\"message\":\"m\",\"logs\":[]}",
        "{\"type\":\"done\",\"passId\":\"p\",\"message\":\"m\",\"logs\":{}}",
        "{\"type\":\"done\",\"passId\":\"p\",\"message\":\"m\",\"failure\":\"exploded\",\"logs\":[]}",
        "{\"type\":\"done\",\"passId\":\"p\",\"message\":\"m\",\"limit\":\"maxWallTime\",\"logs\":[]}",
        "{\"type\":\"done\",\"passId\":\"p\",\"message\":\"m\",\"logs\":[{\"level\":\"LOUD\",\"message\":\"x\"}]}"
      })
  void parse_malformedFrameFromAWorker_isRefused(String json) {
    assertThatThrownBy(() -> Frames.parse(JSON.readTree(json), Frames.FROM_WORKER))
        .isInstanceOf(FrameProtocolException.class)
        .hasMessageStartingWith("refused a frame of type ")
        .hasMessageEndingWith("(this side accepts ready, call, done)");
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "{\"type\":\"run\",\"passId\":\"p\",\"source\":\"s\",\"namespaces\":\"{}\",\"wallNanos\":1}",
        "{\"type\":\"run\",\"passId\":\"p\",\"source\":\"s\",\"namespaces\":\"{}\",\"wallNanos\":1,\"limits\":{}}",
        "{\"type\":\"run\",\"passId\":\"p\",\"source\":\"s\",\"namespaces\":\"{}\",\"wallNanos\":0,\"limits\":{}}",
        "{\"type\":\"completion\",\"id\":1,\"failure\":\"yes\",\"json\":\"{}\"}",
        "{\"type\":\"stop\"}"
      })
  void parse_malformedFrameFromTheParent_isRefused(String json) {
    assertThatThrownBy(() -> Frames.parse(JSON.readTree(json), Frames.FROM_PARENT))
        .isInstanceOf(FrameProtocolException.class)
        .hasMessageEndingWith("(this side accepts run, completion, stop)");
  }

  @Test
  void read_frameThatIsNotJson_isRefused() throws IOException {
    byte[] text = "{\"type\":".getBytes(StandardCharsets.UTF_8);

    assertThatThrownBy(() -> reader(text.length, text).read())
        .isInstanceOf(FrameProtocolException.class)
        .hasMessageContaining("not JSON");
  }

  @Test
  void read_lengthOverTheMaximum_isRefused() throws IOException {
    assertThatThrownBy(() -> reader(Frames.MAX_FRAME_BYTES + 1, new byte[0]).read())
        .isInstanceOf(FrameProtocolException.class)
        .hasMessageContaining("outside 0.." + Frames.MAX_FRAME_BYTES);
  }

  @Test
  void read_streamEndingWithinAFrame_isTheEnd() throws IOException {
    assertThat(reader(100, new byte[10]).read()).isNull();
  }

  private static Frames.Reader reader(int length, byte[] body) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    DataOutputStream out = new DataOutputStream(bytes);
    out.writeInt(length);
    out.write(body);
    return new Frames.Reader(new ByteArrayInputStream(bytes.toByteArray()), Frames.FROM_WORKER);
  }
}
