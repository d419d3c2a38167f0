package io.codemode4j.bridge.audit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.codemode4j.bridge.approval.Approval;
import io.codemode4j.bridge.approval.ApprovalOutcome;
import io.codemode4j.bridge.event.CallAdmitted;
import io.codemode4j.bridge.event.CallAuthorization;
import io.codemode4j.bridge.event.CallEnded;
import io.codemode4j.bridge.event.PassEnded;
import io.codemode4j.bridge.event.PassStarted;
import io.codemode4j.bridge.outcome.CallStatus;
import io.codemode4j.bridge.outcome.FailureKind;
import io.codemode4j.bridge.tool.ToolFailure;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The lines an {@link AuditLog} writes for events given directly: no engine. */
class AuditLogTest {

  private static final Instant T = Instant.parse("2026-12-01T10:00:00Z");

  /** Records each write as one chunk. */
  private static final class Chunks extends OutputStream {
    final List<String> writes = new ArrayList<>();

    @Override
    public void write(int b) {
      throw new AssertionError("a line is one write of its bytes, never byte by byte");
    }

    @Override
    public void write(byte[] b, int off, int len) {
      writes.add(new String(b, off, len, StandardCharsets.UTF_8));
    }
  }

  private static void pass(AuditLog log, String argumentsJson) {
    log.onPassStarted(
        new PassStarted("run-1", "pass-1", "outer-1", "run_javascript", "ana", Set.of("emea"), T));
    log.onCallAdmitted(
        new CallAdmitted("run-1", "pass-1", "pass-1:1", "t.echo", "echo", T, argumentsJson));
    log.onCallEnded(
        new CallEnded(
            "run-1",
            "pass-1",
            "pass-1:1",
            "t.echo",
            "echo",
            CallStatus.FAILED,
            ToolFailure.Kind.UNAUTHORIZED,
            "ana may not",
            CallAuthorization.DENIED,
            null,
            T,
            null,
            Duration.ZERO));
    log.onPassEnded(
        new PassEnded(
            "run-1",
            "pass-1",
            "outer-1",
            "run_javascript",
            T,
            Duration.ofNanos(3_472_252),
            FailureKind.THROWN,
            null,
            List.of()));
  }

  @Test
  void onCallEndedAndOnPassEnded_aPass_writeOneCompleteLineEachInOneWrite() {
    Chunks out = new Chunks();

    pass(AuditLog.writingTo(out, AuditLog.Arguments.OMITTED), null);

    assertThat(out.writes)
        .containsExactly(
            """
            {"record":"call","runId":"run-1","passId":"pass-1","parentCallId":"outer-1",\
            "principal":"ana","tenant":["emea"],"callId":"pass-1:1","method":"t.echo","tool":"echo",\
            "authorization":"denied","approval":null,"status":"failed","failureKind":"unauthorized",\
            "failureMessage":"ana may not","invokedAt":"2026-12-01T10:00:00Z","startedAt":null,\
            "durationMs":0.0}
            """,
            """
            {"record":"pass","runId":"run-1","passId":"pass-1","parentCallId":"outer-1",\
            "principal":"ana","tenant":["emea"],"toolName":"run_javascript","outcome":"thrown",\
            "limit":null,"startedAt":"2026-12-01T10:00:00Z","durationMs":3.472,"calls":0}
            """);
  }

  @Test
  void onCallEnded_deniedApproval_recordsTheDecisionTheDeciderAndTheTime() {
    Chunks out = new Chunks();
    AuditLog log = AuditLog.writingTo(out, AuditLog.Arguments.OMITTED);

    log.onCallEnded(
        new CallEnded(
            "run-1",
            "pass-1",
            "pass-1:1",
            "billing.flagInvoice",
            "billing_flag_invoice",
            CallStatus.FAILED,
            ToolFailure.Kind.DENIED,
            "denied by ana",
            CallAuthorization.NOT_ASKED,
            new Approval(ApprovalOutcome.DENIED, "ana", "not this one", T),
            T,
            null,
            Duration.ZERO));

    assertThat(out.writes.getFirst())
        .contains(
            "\"approval\":{\"outcome\":\"denied\",\"decider\":\"ana\",\"reason\":\"not this one\","
                + "\"decidedAt\":\"2026-12-01T10:00:00Z\"},\"status\":\"failed\",\"failureKind\":\"denied\"");
  }

  @ParameterizedTest(name = "{0} -> {1}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
      {"value":1}                 | {"value":1}
      {"value":"a\\nb"}           | {"value":"a\\nb"}
      {"value":1}\\n{"forged":1}  | "{\\"value\\":1}\\\\n{\\"forged\\":1}"
      """)
  void onCallEnded_includedArguments_areWrittenAsJsonOrElseAsOneString(
      String arguments, String written) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();

    pass(AuditLog.writingTo(out, AuditLog.Arguments.INCLUDED), arguments);

    String first = out.toString(StandardCharsets.UTF_8).lines().findFirst().orElseThrow();
    assertThat(first).endsWith(",\"arguments\":" + written + "}");
    assertThat(out.toString(StandardCharsets.UTF_8).lines()).hasSize(2);
  }

  @Test
  void wantsArguments_byDefault_isFalseSoNoEventCarriesThem() {
    assertThat(
            AuditLog.writingTo(new ByteArrayOutputStream(), AuditLog.Arguments.OMITTED)
                .wantsArguments())
        .isFalse();
    assertThat(
            AuditLog.writingTo(new ByteArrayOutputStream(), AuditLog.Arguments.INCLUDED)
                .wantsArguments())
        .isTrue();
  }

  @Test
  void appendingTo_anExistingFile_keepsItsLines(@TempDir Path dir) throws IOException {
    Path file = dir.resolve("audit.jsonl");
    Files.writeString(file, "{\"record\":\"earlier\"}\n");

    try (AuditLog log = AuditLog.appendingTo(file, AuditLog.Arguments.OMITTED)) {
      pass(log, null);
    }

    assertThat(Files.readAllLines(file)).hasSize(3).first().isEqualTo("{\"record\":\"earlier\"}");
  }

  @Test
  void onPassEnded_aClosedStream_failsNamingTheAuditLogAndTheFile(@TempDir Path dir)
      throws IOException {
    Path file = dir.resolve("audit.jsonl");
    AuditLog log = AuditLog.appendingTo(file, AuditLog.Arguments.OMITTED);
    log.close();

    assertThatThrownBy(() -> pass(log, null))
        .isInstanceOf(UncheckedIOException.class)
        .hasMessageContaining("audit log could not write to " + file);
  }
}
