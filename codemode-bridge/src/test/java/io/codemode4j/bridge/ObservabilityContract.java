package io.codemode4j.bridge;

import static org.assertj.core.api.Assertions.assertThat;

import io.codemode4j.bridge.audit.AuditLog;
import io.codemode4j.bridge.outcome.CallRecord;
import io.codemode4j.bridge.outcome.CallStatus;
import io.codemode4j.bridge.outcome.FailureKind;
import io.codemode4j.bridge.outcome.PassFailure;
import io.codemode4j.bridge.outcome.PassOutcome;
import io.codemode4j.bridge.telemetry.OpenTelemetryListener;
import io.codemode4j.bridge.tool.AuthorizationDecision;
import io.codemode4j.bridge.tool.AuthorizationRequest;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.context.Scope;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import tools.jackson.databind.JsonNode;

/**
 * The audit log's lines and the OpenTelemetry spans match the pass's ledger call for call, with
 * real GraalJS, once per executor by its subclasses: one {@code CodeMode} with both listeners, a
 * host authorization hook that denies {@code echo({value: 'deny'})}, and an in-memory span
 * exporter.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class ObservabilityContract {

  static final Duration WALL = Duration.ofSeconds(2);

  /**
   * The child processes this JVM had before this class's {@code CodeMode} started its workers, for
   * a test that kills only those.
   */
  final Set<Long> earlierChildren =
      ProcessHandle.current().children().map(ProcessHandle::pid).collect(Collectors.toSet());

  final TestTools tools = new TestTools();
  private final ByteArrayOutputStream audit = new ByteArrayOutputStream();
  private final InMemorySpanExporter spans = InMemorySpanExporter.create();
  private final OpenTelemetrySdk openTelemetry =
      OpenTelemetrySdk.builder()
          .setTracerProvider(
              SdkTracerProvider.builder()
                  .addSpanProcessor(SimpleSpanProcessor.create(spans))
                  .build())
          .build();
  final CodeMode codeMode;

  ObservabilityContract(Isolation isolation) {
    this.codeMode =
        tools
            .codeMode()
            .isolation(isolation)
            .includeDeclarations(false)
            .limits(
                CodeExecutionLimits.defaults().withMaxHostCallConcurrency(1).withMaxWallTime(WALL))
            .authorization(ObservabilityContract::decide)
            .listener(AuditLog.writingTo(audit, AuditLog.Arguments.INCLUDED))
            .listener(OpenTelemetryListener.of(openTelemetry))
            .listener(tools.admissions())
            .build();
    codeMode.warmUp(1);
  }

  private static AuthorizationDecision decide(AuthorizationRequest request) {
    return request.arguments().path("value").asString("").equals("deny")
        ? AuthorizationDecision.deny("ana may not echo deny")
        : AuthorizationDecision.allow();
  }

  @BeforeEach
  void reset() {
    tools.started.set(0);
    tools.admitted.set(0);
  }

  @AfterAll
  void close() {
    codeMode.close();
    openTelemetry.close();
  }

  static RunContext run() {
    return new RunContext(
        "run-" + UUID.randomUUID(),
        "outer-call-3",
        Principal.ofTenant("ana", Set.of("emea", "apac")),
        null,
        null);
  }

  /** The call and pass lines of {@code pass} (not its intents), in the order they were written. */
  List<JsonNode> lines(PassOutcome pass) {
    return written(pass).stream()
        .filter(l -> !l.path("record").asString().equals("intent"))
        .toList();
  }

  /** Every audit line of {@code pass}, intents too, in the order they were written. */
  List<JsonNode> written(PassOutcome pass) {
    String text;
    synchronized (audit) {
      text = audit.toString(StandardCharsets.UTF_8);
    }
    return text.lines()
        .map(TestTools::json)
        .filter(line -> line.path("passId").asString().equals(pass.passId()))
        .toList();
  }

  /**
   * The intent lines: one for each call of a mutation tool ({@code fail}, {@code block}) whose
   * handler started, written before that call's line; none for anything else.
   */
  private static void assertIntentsPrecedeEveryStartedMutation(List<JsonNode> written) {
    List<String> started =
        written.stream()
            .filter(l -> l.path("record").asString().equals("call"))
            .filter(l -> Set.of("fail", "block").contains(l.path("tool").asString()))
            .filter(l -> !l.path("startedAt").isNull())
            .map(l -> l.path("callId").asString())
            .toList();
    List<String> intents =
        written.stream()
            .filter(l -> l.path("record").asString().equals("intent"))
            .map(l -> l.path("callId").asString())
            .toList();
    assertThat(intents).containsExactlyInAnyOrderElementsOf(started);
    for (String callId : intents) {
      int intent = -1;
      int call = -1;
      for (int i = 0; i < written.size(); i++) {
        if (written.get(i).path("callId").asString().equals(callId)) {
          if (written.get(i).path("record").asString().equals("intent")) {
            intent = i;
          } else {
            call = i;
          }
        }
      }
      assertThat(intent).as("the intent of " + callId + " before its call line").isLessThan(call);
    }
  }

  List<SpanData> spansOf(PassOutcome pass) {
    return spans.getFinishedSpanItems().stream()
        .filter(
            span ->
                pass.passId()
                    .equals(span.getAttributes().get(AttributeKey.stringKey("codemode.pass.id"))))
        .toList();
  }

  /**
   * Asserts that {@code pass} has one audit line per call of its ledger and a pass line, and a pass
   * span with one child span per call, each with the ledger's id, status, failure kind and
   * duration.
   */
  void assertAuditAndSpansMatchTheLedger(PassOutcome pass, RunContext run) {
    List<CallRecord> calls = pass.calls();
    assertIntentsPrecedeEveryStartedMutation(written(pass));
    List<JsonNode> lines = lines(pass);
    assertThat(lines).hasSize(calls.size() + 1);
    JsonNode passLine = lines.getLast();
    assertThat(passLine.path("record").asString()).isEqualTo("pass");
    assertThat(passLine.path("runId").asString()).isEqualTo(run.runId());
    assertThat(passLine.path("parentCallId").asString()).isEqualTo("outer-call-3");
    assertThat(passLine.path("outcome").asString())
        .isEqualTo(pass instanceof PassFailure f ? f.kind().wireName() : "ok");
    assertThat(passLine.path("calls").asInt()).isEqualTo(calls.size());

    List<SpanData> passSpans = spansOf(pass);
    assertThat(passSpans).hasSize(calls.size() + 1);
    SpanData passSpan = passSpans.getLast();
    assertThat(passSpan.getName()).isEqualTo("execute_tool run_javascript");
    assertThat(passSpan.getKind()).isEqualTo(SpanKind.INTERNAL);
    assertThat(passSpan.getAttributes().get(AttributeKey.stringKey("gen_ai.tool.call.id")))
        .isEqualTo("outer-call-3");
    assertThat(passSpan.getStatus().getStatusCode())
        .isEqualTo(pass.ok() ? StatusCode.UNSET : StatusCode.ERROR);

    for (CallRecord call : calls) {
      JsonNode line =
          lines.stream()
              .filter(l -> l.path("callId").asString().equals(call.callId()))
              .findFirst()
              .orElseThrow(() -> new AssertionError("no audit line for " + call.callId()));
      assertThat(line.path("record").asString()).isEqualTo("call");
      assertThat(line.path("principal").asString()).isEqualTo("ana");
      assertThat(line.path("tenant").toString()).isEqualTo("[\"apac\",\"emea\"]");
      assertThat(line.path("parentCallId").asString()).isEqualTo("outer-call-3");
      assertThat(line.path("method").asString()).isEqualTo(call.method());
      assertThat(line.path("status").asString()).isEqualTo(call.status().wireName());
      assertThat(line.path("failureKind").asString(null)).isEqualTo(call.failureKind());
      assertThat(line.path("invokedAt").asString()).isEqualTo(call.invokedAt().toString());
      assertThat(line.path("durationMs").asDouble())
          .isEqualTo(call.duration().toNanos() / 1_000 / 1_000.0);

      SpanData span =
          passSpans.stream()
              .filter(
                  s ->
                      call.callId()
                          .equals(
                              s.getAttributes().get(AttributeKey.stringKey("gen_ai.tool.call.id"))))
              .findFirst()
              .orElseThrow(() -> new AssertionError("no span for " + call.callId()));
      assertThat(span.getName()).isEqualTo("execute_tool " + call.method());
      assertThat(span.getParentSpanId()).isEqualTo(passSpan.getSpanId());
      assertThat(span.getTraceId()).isEqualTo(passSpan.getTraceId());
      assertThat(span.getAttributes().get(AttributeKey.stringKey("gen_ai.operation.name")))
          .isEqualTo("execute_tool");
      assertThat(span.getAttributes().get(AttributeKey.stringKey("gen_ai.tool.name")))
          .isEqualTo(call.method());
      assertThat(span.getAttributes().get(AttributeKey.stringKey("codemode.run.id")))
          .isEqualTo(run.runId());
      assertThat(span.getAttributes().get(AttributeKey.stringKey("codemode.call.status")))
          .isEqualTo(call.status().wireName());
      assertThat(span.getEndEpochNanos() - span.getStartEpochNanos())
          .isEqualTo(call.duration().toNanos());
      if (call.status() == CallStatus.SUCCEEDED) {
        assertThat(span.getStatus().getStatusCode()).isEqualTo(StatusCode.UNSET);
        assertThat(span.getAttributes().get(AttributeKey.stringKey("error.type"))).isNull();
      } else {
        assertThat(span.getStatus().getStatusCode()).isEqualTo(StatusCode.ERROR);
        assertThat(span.getAttributes().get(AttributeKey.stringKey("error.type")))
            .isEqualTo(call.failureKind() == null ? call.status().wireName() : call.failureKind());
      }
    }
  }

  @Test
  void run_mixedCalls_auditLinesAndSpansMatchTheLedgerCallForCall() {
    RunContext run = run();
    Span agent = openTelemetry.getTracer("test").spanBuilder("invoke_agent").startSpan();
    PassOutcome pass;
    try (Scope scope = agent.makeCurrent()) {
      assertThat(scope).isNotNull();
      pass =
          codeMode.run(
              """
              async () => {
                const out = [];
                for (const call of [
                    () => t.echo({value: 'ok'}),
                    () => t.fail({kind: 'refused', message: 'declined'}),
                    () => t.echo({value: 'deny'}),
                    () => t.echo({})]) {
                  try { out.push((await call()).value); } catch (e) { out.push(e.kind); }
                }
                return out;
              }""",
              run);
    } finally {
      agent.end();
    }

    assertThat(pass.ok()).isTrue();
    assertThat(pass.calls())
        .extracting(CallRecord::status, CallRecord::failureKind)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple(CallStatus.SUCCEEDED, null),
            org.assertj.core.groups.Tuple.tuple(CallStatus.FAILED, "refused"),
            org.assertj.core.groups.Tuple.tuple(CallStatus.FAILED, "unauthorized"),
            org.assertj.core.groups.Tuple.tuple(CallStatus.FAILED, "invalid_arguments"));
    assertAuditAndSpansMatchTheLedger(pass, run);

    List<JsonNode> lines = lines(pass);
    assertThat(lines)
        .extracting(l -> l.path("authorization").asString())
        .containsExactly("allowed", "allowed", "denied", "not_asked", "");
    assertThat(lines.get(0).path("arguments").toString()).isEqualTo("{\"value\":\"ok\"}");
    assertThat(lines.get(2).path("failureMessage").asString()).isEqualTo("ana may not echo deny");
    SpanData denied = spansOf(pass).get(2);
    assertThat(denied.getStatus().getDescription()).isEqualTo("ana may not echo deny");
    assertThat(denied.getAttributes().asMap().toString()).doesNotContain("\"deny\"");
    assertThat(spansOf(pass).getLast().getParentSpanId())
        .isEqualTo(agent.getSpanContext().getSpanId());
  }

  @Test
  void run_timeoutWithACallInFlightAndOneQueued_endsThemUncertainAndNotStartedInAuditAndSpans() {
    RunContext run = run();

    PassOutcome pass =
        codeMode.run("async () => Promise.all([t.block({}), t.echo({value: 1})])", run);

    assertThat(pass).isInstanceOf(PassFailure.class);
    assertThat(((PassFailure) pass).kind()).isEqualTo(FailureKind.TIMEOUT);
    assertThat(TestTools.statuses(pass))
        .containsExactly(CallStatus.UNCERTAIN, CallStatus.NOT_STARTED);
    assertAuditAndSpansMatchTheLedger(pass, run);
  }
}
