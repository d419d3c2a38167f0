package io.codemode4j.bridge.telemetry;

import io.codemode4j.bridge.event.CallEnded;
import io.codemode4j.bridge.event.PassEnded;
import io.codemode4j.bridge.event.PassListener;
import io.codemode4j.bridge.event.PassStarted;
import io.codemode4j.bridge.outcome.CallStatus;
import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Context;
import java.time.Instant;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Traces each pass as a span and each of its inner calls as a child span, named and attributed by
 * the OpenTelemetry GenAI semantic conventions for tool execution: the pass is the execution of the
 * outer tool ({@code execute_tool run_javascript}), each inner call the execution of one tool the
 * program called ({@code execute_tool t.echo}), both of kind {@code INTERNAL}.
 *
 * <p>Attributes of both: {@code gen_ai.operation.name} ({@code execute_tool}), {@code
 * gen_ai.tool.name}, {@code gen_ai.tool.call.id}, {@code gen_ai.tool.type} ({@code function}),
 * {@code codemode.run.id}, {@code codemode.pass.id}. The pass span adds {@code
 * codemode.pass.outcome} ({@code ok} or the failure kind) and {@code codemode.pass.limit} for a
 * limit failure; a call span adds {@code codemode.call.status}, {@code codemode.call.authorization}
 * and {@code codemode.tool} (the native tool behind the method). A span whose pass or call did not
 * end well has status {@code ERROR} and {@code error.type}: a pass's failure kind; a failed call's
 * failure kind (a denied call's is {@code unauthorized}, with the hook's reason as the status
 * description, as is every failed call's message); {@code uncertain} or {@code not-started} for a
 * call the pass did not see finish.
 *
 * <p>Decided: the pass span's parent is the context current on the thread that calls {@code
 * CodeMode.run} (the agent runtime's span of the run, or of the model's tool call, when it has
 * one), and each call span's parent is its pass span, whichever thread ran the call. A call span is
 * built when the call ends, with the events' own timestamps (start: the handler's start, or the
 * call's invocation when the handler never ran; end: start plus the call's duration), so that spans
 * match the ledger exactly and a call of a pass that timed out or whose worker process died still
 * has one. No argument or result value is ever an attribute.
 */
public final class OpenTelemetryListener implements PassListener {

  /** The instrumentation scope's name. */
  public static final String INSTRUMENTATION_SCOPE = "io.codemode4j.bridge";

  static final AttributeKey<String> OPERATION = AttributeKey.stringKey("gen_ai.operation.name");
  static final AttributeKey<String> TOOL_NAME = AttributeKey.stringKey("gen_ai.tool.name");
  static final AttributeKey<String> TOOL_CALL_ID = AttributeKey.stringKey("gen_ai.tool.call.id");
  static final AttributeKey<String> TOOL_TYPE = AttributeKey.stringKey("gen_ai.tool.type");
  static final AttributeKey<String> ERROR_TYPE = AttributeKey.stringKey("error.type");
  static final AttributeKey<String> RUN_ID = AttributeKey.stringKey("codemode.run.id");
  static final AttributeKey<String> PASS_ID = AttributeKey.stringKey("codemode.pass.id");
  static final AttributeKey<String> PASS_OUTCOME = AttributeKey.stringKey("codemode.pass.outcome");
  static final AttributeKey<String> PASS_LIMIT = AttributeKey.stringKey("codemode.pass.limit");
  static final AttributeKey<String> CALL_STATUS = AttributeKey.stringKey("codemode.call.status");
  static final AttributeKey<String> CALL_AUTHORIZATION =
      AttributeKey.stringKey("codemode.call.authorization");
  static final AttributeKey<String> NATIVE_TOOL = AttributeKey.stringKey("codemode.tool");

  private static final String EXECUTE_TOOL = "execute_tool";

  private final Tracer tracer;

  /** The span of each pass still running. */
  private final Map<String, Span> passes = new ConcurrentHashMap<>();

  private OpenTelemetryListener(Tracer tracer) {
    this.tracer = tracer;
  }

  /** Spans from {@code openTelemetry}'s tracer for {@link #INSTRUMENTATION_SCOPE}. */
  public static OpenTelemetryListener of(OpenTelemetry openTelemetry) {
    return of(
        Objects.requireNonNull(openTelemetry, "openTelemetry").getTracer(INSTRUMENTATION_SCOPE));
  }

  /** Spans from {@code tracer}. */
  public static OpenTelemetryListener of(Tracer tracer) {
    return new OpenTelemetryListener(Objects.requireNonNull(tracer, "tracer"));
  }

  @Override
  public void onPassStarted(PassStarted event) {
    Span span =
        tracer
            .spanBuilder(EXECUTE_TOOL + " " + event.toolName())
            .setSpanKind(SpanKind.INTERNAL)
            .setParent(Context.current())
            .setStartTimestamp(event.startedAt())
            .setAttribute(OPERATION, EXECUTE_TOOL)
            .setAttribute(TOOL_NAME, event.toolName())
            .setAttribute(TOOL_CALL_ID, event.parentCallId())
            .setAttribute(TOOL_TYPE, "function")
            .setAttribute(RUN_ID, event.runId())
            .setAttribute(PASS_ID, event.passId())
            .startSpan();
    passes.put(event.passId(), span);
  }

  @Override
  public void onCallEnded(CallEnded event) {
    Span pass = passes.get(event.passId());
    Instant start = event.startedAt() == null ? event.invokedAt() : event.startedAt();
    Span span =
        tracer
            .spanBuilder(EXECUTE_TOOL + " " + event.method())
            .setSpanKind(SpanKind.INTERNAL)
            .setParent(pass == null ? Context.current() : Context.root().with(pass))
            .setStartTimestamp(start)
            .setAttribute(OPERATION, EXECUTE_TOOL)
            .setAttribute(TOOL_NAME, event.method())
            .setAttribute(TOOL_CALL_ID, event.callId())
            .setAttribute(TOOL_TYPE, "function")
            .setAttribute(RUN_ID, event.runId())
            .setAttribute(PASS_ID, event.passId())
            .setAttribute(NATIVE_TOOL, event.tool())
            .setAttribute(CALL_STATUS, event.status().wireName())
            .setAttribute(CALL_AUTHORIZATION, event.authorization().wireName())
            .startSpan();
    if (event.status() != CallStatus.SUCCEEDED) {
      var kind = event.failureKind();
      span.setAttribute(ERROR_TYPE, kind == null ? event.status().wireName() : kind.wireName());
      String message = event.failureMessage();
      if (message == null) {
        span.setStatus(StatusCode.ERROR);
      } else {
        span.setStatus(StatusCode.ERROR, message);
      }
    }
    span.end(start.plus(event.duration()));
  }

  @Override
  public void onPassEnded(PassEnded event) {
    Span span = passes.remove(event.passId());
    if (span == null) {
      return;
    }
    span.setAttribute(PASS_OUTCOME, event.failure() == null ? "ok" : event.failure().wireName());
    if (event.failure() != null) {
      span.setAttribute(ERROR_TYPE, event.failure().wireName());
      span.setStatus(StatusCode.ERROR);
    }
    if (event.limit() != null) {
      span.setAttribute(PASS_LIMIT, event.limit().wireName());
    }
    span.end(event.startedAt().plus(event.duration()));
  }
}
