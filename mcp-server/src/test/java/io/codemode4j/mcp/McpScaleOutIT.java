package io.codemode4j.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import io.codemode4j.bridge.CodeMode;
import io.codemode4j.bridge.Principal;
import io.codemode4j.bridge.approval.ApprovalDecision;
import io.codemode4j.bridge.telemetry.OpenTelemetryListener;
import io.codemode4j.warehouse.Warehouse;
import io.codemode4j.warehouse.billing.BillingSample;
import io.codemode4j.warehouse.billing.FlagStore;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.json.jackson3.JacksonMcpJsonMapper;
import io.modelcontextprotocol.spec.McpSchema;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.propagation.W3CTraceContextPropagator;
import io.opentelemetry.context.propagation.ContextPropagators;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Two server instances as behind a load balancer: each has its own Code Mode, MCP server and port,
 * and they share only the warehouse data and one flag store, so a flag written through one is read
 * through the other, and any call may go to either (no session lives in an instance). Also: the
 * tools/call span takes its parent from the request's {@code _meta} and the pass span nests under
 * it, and closing an instance lets the call in flight finish.
 */
class McpScaleOutIT {

  static final String TOKEN = "scale-token-0123456789abcdef0123456789abcdef";
  static final JsonMapper JSON = JsonMapper.builder().build();

  @TempDir static Path state;

  static Warehouse warehouse;
  static InMemorySpanExporter spans = InMemorySpanExporter.create();
  static OpenTelemetrySdk otel =
      OpenTelemetrySdk.builder()
          .setTracerProvider(
              SdkTracerProvider.builder()
                  .addSpanProcessor(SimpleSpanProcessor.create(spans))
                  .build())
          .setPropagators(ContextPropagators.create(W3CTraceContextPropagator.getInstance()))
          .build();
  static Instance a;
  static Instance b;

  record Instance(CodeMode codeMode, CodeModeMcp mcp, McpHttpServer server) {
    static Instance start(Path state) throws Exception {
      return start(state, new PassStarts());
    }

    static Instance start(Path state, PassStarts passStarts) throws Exception {
      CodeMode codeMode =
          BillingSample.installTools(warehouse, FlagStore.embedded(state), CodeMode.builder())
              .listener(OpenTelemetryListener.of(otel))
              .listener(passStarts)
              // billing.flagInvoice needs approval; MCP elicitation is not wired yet, so the
              // host approves its own test flags.
              .approval(request -> ApprovalDecision.approve("scale-out test", "the test's flag"))
              .build();
      CodeModeMcp mcp = CodeModeMcp.builder(codeMode).openTelemetry(otel).build();
      Tokens tokens =
          Tokens.of(
              Map.of(Tokens.hash(TOKEN), Grant.of(Principal.ofTenant("ana", Set.of("emea")))));
      return new Instance(codeMode, mcp, mcp.http(HttpOptions.loopback(0), tokens));
    }

    void close() {
      server.close();
      mcp.close();
      codeMode.close();
    }

    McpSyncClient client() {
      McpSyncClient client =
          McpClient.sync(
                  HttpClientStreamableHttpTransport.builder("http://127.0.0.1:" + server.port())
                      .endpoint("/mcp")
                      .jsonMapper(new JacksonMcpJsonMapper(JSON))
                      .httpRequestCustomizer(
                          (request, method, uri, body, context) ->
                              request.header("Authorization", "Bearer " + TOKEN))
                      .build())
              .requestTimeout(Duration.ofSeconds(60))
              .build();
      client.initialize();
      return client;
    }
  }

  @BeforeAll
  static void start() throws Exception {
    warehouse =
        BillingSample.open(
            Path.of(System.getProperty("codemode.sampleDir", "../sample-data/parquet")),
            Path.of(System.getProperty("codemode.cacheDir", "target/codemode-cache")));
    a = Instance.start(state);
    b = Instance.start(state);
  }

  @AfterAll
  static void stop() {
    b.close();
    a.close();
    warehouse.close();
  }

  static JsonNode run(McpSyncClient client, String code) {
    McpSchema.CallToolResult result =
        client.callTool(new McpSchema.CallToolRequest("run_javascript", Map.of("code", code)));
    return JSON.valueToTree(result.structuredContent());
  }

  @Test
  void flag_writtenThroughOneInstance_isReadThroughTheOther() {
    String invoice =
        "(await warehouse.query({sql: \"SELECT invoice_id FROM invoices ORDER BY invoice_id LIMIT"
            + " 1\"})).rows[0].invoice_id";
    try (McpSyncClient viaA = a.client();
        McpSyncClient viaB = b.client()) {
      JsonNode flagged =
          run(
              viaA,
              "async () => { const id = "
                  + invoice
                  + "; await billing.flagInvoice({invoiceId: id, reason: 'scale-out check'});"
                  + " return id; }");
      JsonNode read =
          run(
              viaB,
              "async () => (await billing.flags({})).filter(f => f.reason === 'scale-out"
                  + " check').map(f => f.invoiceId)");

      assertThat(flagged.get("ok").asBoolean()).as(flagged.toString()).isTrue();
      assertThat(read.get("result").toString())
          .isEqualTo("[\"" + flagged.get("result").asString() + "\"]");
    }
  }

  @Test
  void callTool_withTraceparentInMeta_spanIsItsChildAndThePassNestsUnderIt() {
    spans.reset();
    String traceId = "4bf92f3577b34da6a3ce929d0e0e4736";
    try (McpSyncClient client = a.client()) {
      McpSchema.CallToolResult result =
          client.callTool(
              new McpSchema.CallToolRequest(
                  "run_javascript",
                  Map.of("code", "async () => (await warehouse.tables({})).length"),
                  Map.of("traceparent", "00-" + traceId + "-00f067aa0ba902b7-01")));

      assertThat(result.isError()).isFalse();
    }
    List<SpanData> finished = spans.getFinishedSpanItems();
    SpanData call =
        finished.stream()
            .filter(s -> s.getName().equals("tools/call run_javascript"))
            .findFirst()
            .orElseThrow();
    SpanData pass =
        finished.stream()
            .filter(s -> s.getParentSpanId().equals(call.getSpanId()))
            .findFirst()
            .orElseThrow();

    assertThat(call.getKind()).isEqualTo(SpanKind.SERVER);
    assertThat(call.getTraceId()).isEqualTo(traceId);
    assertThat(call.getParentSpanId()).isEqualTo("00f067aa0ba902b7");
    assertThat(call.getAttributes().asMap().toString()).contains("mcp.method.name=tools/call");
    assertThat(pass.getName()).isEqualTo("execute_tool run_javascript");
    assertThat(finished)
        .anySatisfy(
            s -> {
              assertThat(s.getName()).isEqualTo("execute_tool warehouse.tables");
              assertThat(s.getParentSpanId()).isEqualTo(pass.getSpanId());
            });
  }

  @Test
  void callTool_failing_spanCarriesToolError() {
    spans.reset();
    try (McpSyncClient client = a.client()) {
      run(client, "async () => { throw new Error('x'); }");
    }
    SpanData call =
        spans.getFinishedSpanItems().stream()
            .filter(s -> s.getName().equals("tools/call run_javascript"))
            .findFirst()
            .orElseThrow();

    assertThat(call.getAttributes().asMap().toString()).contains("error.type=tool_error");
  }

  @Test
  void close_withACallInFlight_letsItFinish() throws Exception {
    PassStarts passStarts = new PassStarts();
    Instance c = Instance.start(state, passStarts);
    McpSyncClient client = c.client();
    CompletableFuture<JsonNode> slow = new CompletableFuture<>();
    Thread.ofPlatform()
        .start(
            () ->
                slow.complete(
                    run(
                        client,
                        "async () => { let i = 0; while (i < 2000000) { i = (i + 1) | 0; } return i; }")));
    passStarts.awaitNext();

    c.server().close();

    assertThat(slow.get(60, TimeUnit.SECONDS).get("result").asInt()).isEqualTo(2_000_000);
    c.mcp().close();
    c.codeMode().close();
  }
}
