package io.codemode4j.mcp.internal;

import io.modelcontextprotocol.spec.McpSchema;
import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.Scope;
import io.opentelemetry.context.propagation.TextMapGetter;
import java.util.Map;
import java.util.concurrent.Callable;
import org.jspecify.annotations.Nullable;

/**
 * One MCP server span per {@code tools/call}, after the MCP semantic conventions: named {@code
 * tools/call {tool}}, kind SERVER, {@code mcp.method.name}, {@code gen_ai.tool.name}, {@code
 * mcp.session.id} when the transport has sessions, and {@code error.type=tool_error} when the
 * result is an error. Its parent is the trace context the client put in the request's {@code _meta}
 * ({@code traceparent}, {@code tracestate}), read by the configured propagators; the pass and
 * inner-call spans of {@code OpenTelemetryListener} nest under it because the pass runs with it
 * current.
 *
 * <p>Decided: plain string keys, not the semantic-conventions artifact, which is still alpha.
 */
public final class McpTelemetry {

  private static final TextMapGetter<Map<String, Object>> META =
      new TextMapGetter<>() {
        @Override
        public Iterable<String> keys(Map<String, Object> carrier) {
          return carrier.keySet();
        }

        @Override
        public @Nullable String get(@Nullable Map<String, Object> carrier, String key) {
          Object value = carrier == null ? null : carrier.get(key);
          return value instanceof String text ? text : null;
        }
      };

  private final OpenTelemetry openTelemetry;
  private final Tracer tracer;

  public McpTelemetry(OpenTelemetry openTelemetry) {
    this.openTelemetry = openTelemetry;
    this.tracer = openTelemetry.getTracer("io.codemode4j.mcp");
  }

  /** The span of one call, started now. */
  public CallSpan start(
      McpSchema.CallToolRequest request, String tool, @Nullable String sessionId) {
    Map<String, Object> meta = request.meta();
    Context parent =
        meta == null || meta.isEmpty()
            ? Context.root()
            : openTelemetry
                .getPropagators()
                .getTextMapPropagator()
                .extract(Context.root(), meta, META);
    Span span =
        tracer
            .spanBuilder("tools/call " + tool)
            .setSpanKind(SpanKind.SERVER)
            .setParent(parent)
            .setAttribute("mcp.method.name", "tools/call")
            .setAttribute("gen_ai.tool.name", tool)
            .setAttribute("gen_ai.operation.name", "execute_tool")
            .startSpan();
    if (sessionId != null) {
      span.setAttribute("mcp.session.id", sessionId);
    }
    return new CallSpan(span);
  }

  /** A started span; {@link #end} ends it once. */
  public static final class CallSpan {
    private final Span span;

    CallSpan(Span span) {
      this.span = span;
    }

    /** Runs {@code work} with this span current, so that spans it starts are its children. */
    public <T> T inScope(Callable<T> work) throws Exception {
      try (Scope scope = span.makeCurrent()) {
        return work.call();
      }
    }

    public void end(McpSchema.CallToolResult result, String callId) {
      span.setAttribute("gen_ai.tool.call.id", callId);
      if (Boolean.TRUE.equals(result.isError())) {
        span.setAttribute("error.type", "tool_error");
        span.setStatus(StatusCode.ERROR);
      }
      span.end();
    }

    /** The client went away or cancelled before the result. */
    public void cancelled(String callId) {
      span.setAttribute("gen_ai.tool.call.id", callId);
      span.setAttribute("error.type", "cancelled");
      span.setStatus(StatusCode.ERROR);
      span.end();
    }
  }
}
