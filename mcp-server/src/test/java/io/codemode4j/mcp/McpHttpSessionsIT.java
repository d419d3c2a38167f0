package io.codemode4j.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import io.codemode4j.bridge.CodeMode;
import io.codemode4j.bridge.Principal;
import io.codemode4j.mcp.internal.KeptSessions;
import io.codemode4j.warehouse.Warehouse;
import io.codemode4j.warehouse.billing.BillingSample;
import io.codemode4j.warehouse.billing.FlagStore;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.json.jackson3.JacksonMcpJsonMapper;
import io.modelcontextprotocol.spec.McpSchema;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The Streamable HTTP server with kept sessions ({@link HttpSessions#KEPT}), over loopback: the
 * SDK's Java client is asked to approve each write during the call, as over stdio; a session is
 * reachable only with the token that started it; and every check of the stateless server still
 * comes first.
 */
class McpHttpSessionsIT {

  static final String EMEA = "emea-token-0123456789abcdef0123456789abcdef";
  static final String APAC = "apac-token-0123456789abcdef0123456789abcdef";

  static final JsonMapper JSON = JsonMapper.builder().build();

  static final String INITIALIZE =
      "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":"
          + "\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":\"raw\",\"version\":\"1\"}}}";
  static final String INITIALIZED =
      "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}";
  static final String TOOLS_LIST = "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\"}";

  /** Flags the three first invoices one after another, each outcome caught. */
  static final String FLAG_THREE =
      """
      async () => {
        const ids = (await warehouse.query({sql: "SELECT invoice_id FROM invoices ORDER BY invoice_id LIMIT 3"}))
          .rows.map(r => r.invoice_id);
        const out = [];
        for (const invoiceId of ids) {
          try { await billing.flagInvoice({invoiceId, reason: "approved over http"}); out.push("flagged") }
          catch (e) { out.push(e.kind) }
        }
        return {out, flags: (await billing.flags({})).length};
      }
      """;

  static FlagStore store;
  static Warehouse warehouse;
  static CodeMode codeMode;
  static CodeModeMcp mcp;
  static McpHttpServer server;

  @BeforeAll
  static void start() throws Exception {
    warehouse =
        BillingSample.open(
            Path.of(System.getProperty("codemode.sampleDir", "../sample-data/parquet")),
            Path.of(System.getProperty("codemode.cacheDir", "target/codemode-cache")));
    store = FlagStore.embedded(Files.createTempDirectory("codemode-http-sessions"));
    codeMode = BillingSample.installTools(warehouse, store, CodeMode.builder()).build();
    mcp = ServedWarehouse.builder(codeMode, warehouse).elicitApprovals(true).build();
    server =
        mcp.http(
            HttpOptions.loopback(0).withSessions(HttpSessions.KEPT),
            Tokens.of(
                Map.of(
                    Tokens.hash(EMEA),
                    Grant.of(Principal.ofTenant("emea-analyst", Set.of("emea"))),
                    Tokens.hash(APAC),
                    Grant.of(Principal.ofTenant("apac-analyst", Set.of("apac"))))));
  }

  @AfterAll
  static void stop() {
    server.close();
    mcp.close();
    codeMode.close();
    warehouse.close();
  }

  /** The SDK's Java client of {@code token}, answering each elicitation with {@code answer}. */
  static McpSyncClient client(
      String token, McpSchema.ElicitResult answer, List<McpSchema.ElicitFormRequest> asked) {
    HttpClientStreamableHttpTransport transport =
        HttpClientStreamableHttpTransport.builder("http://127.0.0.1:" + server.port())
            .endpoint("/mcp")
            .jsonMapper(new JacksonMcpJsonMapper(JSON))
            .httpRequestCustomizer(
                (request, method, uri, body, context) ->
                    request.header("Authorization", "Bearer " + token))
            .build();
    McpSyncClient client =
        McpClient.sync(transport)
            .requestTimeout(Duration.ofSeconds(60))
            .clientInfo(new McpSchema.Implementation("java-approver", "1.0.0"))
            .capabilities(McpSchema.ClientCapabilities.builder().elicitation().build())
            .elicitation(
                request -> {
                  asked.add(request);
                  return answer;
                })
            .build();
    client.initialize();
    return client;
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource({"ACCEPT, flagged, 3", "DECLINE, denied, 0"})
  void flagInvoice_javaClientAnswers_eachWriteAskedDuringTheCallAndWrittenOnlyIfApproved(
      McpSchema.ElicitResult.Action action, String outcome, int written) throws Exception {
    List<McpSchema.ElicitFormRequest> asked = new CopyOnWriteArrayList<>();
    int before = flagCount();
    try (McpSyncClient client =
        client(
            EMEA,
            new McpSchema.ElicitResult(
                action,
                action == McpSchema.ElicitResult.Action.ACCEPT ? Map.of("approve", true) : null),
            asked)) {
      McpSchema.CallToolResult result =
          client.callTool(
              new McpSchema.CallToolRequest("run_javascript", Map.of("code", FLAG_THREE)));

      JsonNode answer = JSON.valueToTree(result.structuredContent());
      assertThat(answer.path("ok").asBoolean()).as(answer.toString()).isTrue();
      assertThat(answer.at("/result/out").valueStream().map(JsonNode::asString))
          .containsExactly(outcome, outcome, outcome);
      assertThat(asked)
          .hasSize(3)
          .allSatisfy(
              q ->
                  assertThat(q.message())
                      .contains(
                          "billing.flagInvoice (tool billing_flag_invoice) for emea-analyst"
                              + " (tenant emea)")
                      .contains("\"reason\":\"approved over http\""));
    }
    assertThat(flagCount() - before).isEqualTo(written);
  }

  /** The flags the store holds, of every tenant. */
  static int flagCount() throws Exception {
    return store.list(null, null).size();
  }

  @Test
  void session_usedWithAnotherToken_isNotFoundAndStillServesTheTokenThatStartedIt()
      throws Exception {
    HttpResponse<String> initialized = post(EMEA, null, INITIALIZE);
    assertThat(initialized.statusCode()).as(initialized.body()).isEqualTo(200);
    String session = initialized.headers().firstValue("Mcp-Session-Id").orElseThrow();
    assertThat(post(EMEA, session, INITIALIZED).statusCode()).isEqualTo(202);

    assertThat(post(APAC, session, TOOLS_LIST).statusCode()).isEqualTo(404);
    assertThat(send("GET", APAC, session).statusCode()).isEqualTo(404);
    assertThat(send("DELETE", APAC, session).statusCode()).isEqualTo(404);
    // An answer to an elicitation this session may be waiting for, sent with another token.
    assertThat(
            post(
                    APAC,
                    session,
                    "{\"jsonrpc\":\"2.0\",\"id\":\"x\",\"result\":{\"action\":\"accept\","
                        + "\"content\":{\"approve\":true}}}")
                .statusCode())
        .isEqualTo(404);

    HttpResponse<String> tools = post(EMEA, session, TOOLS_LIST);
    assertThat(tools.statusCode()).isEqualTo(200);
    assertThat(tools.body()).contains("run_javascript");
    assertThat(send("DELETE", EMEA, session).statusCode()).isEqualTo(200);
    assertThat(post(EMEA, session, TOOLS_LIST).statusCode()).isEqualTo(404);
  }

  @Test
  void initialize_tokenHoldingTheMostSessions_isRefusedUntilOneEnds() throws Exception {
    List<String> sessions = new ArrayList<>();
    for (int i = 0; i < KeptSessions.MAX_PER_GRANT; i++) {
      HttpResponse<String> started = post(APAC, null, INITIALIZE);
      assertThat(started.statusCode()).as("session %d: %s", i, started.body()).isEqualTo(200);
      sessions.add(started.headers().firstValue("Mcp-Session-Id").orElseThrow());
    }

    HttpResponse<String> refused = post(APAC, null, INITIALIZE);
    assertThat(refused.statusCode()).isEqualTo(429);
    assertThat(JSON.readTree(refused.body()).at("/error/message").asString())
        .contains("this token holds " + KeptSessions.MAX_PER_GRANT + " sessions")
        .contains("end one (DELETE");
    assertThat(refused.headers().firstValue("Mcp-Session-Id")).isEmpty();
    // Another token is not held back by this one's sessions.
    assertThat(post(EMEA, null, INITIALIZE).statusCode()).isEqualTo(200);

    for (String session : sessions) {
      assertThat(send("DELETE", APAC, session).statusCode()).isEqualTo(200);
    }
    assertThat(post(APAC, null, INITIALIZE).statusCode()).isEqualTo(200);
  }

  @Test
  void request_withoutAToken_isRefusedBeforeAnySessionIsLookedUp() throws Exception {
    for (String method : List.of("GET", "DELETE", "POST")) {
      HttpResponse<String> response = send(method, null, "any-session");
      assertThat(response.statusCode()).as(method).isEqualTo(401);
      assertThat(response.headers().firstValue("WWW-Authenticate")).isPresent();
    }
  }

  @Test
  void request_neitherGetPostNorDelete_isRefusedNamingTheThreeServed() throws Exception {
    HttpResponse<String> response = send("PUT", EMEA, null);

    assertThat(response.statusCode()).isEqualTo(405);
    assertThat(response.headers().firstValue("Allow")).hasValue("GET, POST, DELETE");
    assertThat(JSON.readTree(response.body()).at("/error/message").asString())
        .contains("PUT is not served");
  }

  /**
   * What the transport answers on its own paths (a message it cannot read, a session it does not
   * have, a stream asked for without its Accept) reaches the client as one JSON-RPC error whose
   * message says what to do, never the transport's exception text or an HTML error page.
   */
  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        "POST initialize, bad capabilities | 400 | Invalid params: the params of initialize",
        "POST tools/list, unknown session | 404 | no session",
        "POST tools/list, no session | 400 | Mcp-Session-Id",
        "GET, unknown session | 404 | no session",
        "GET, no Accept of a stream | 400 | text/event-stream",
        "DELETE, unknown session | 404 | no session"
      })
  void transportAnswer_notAMessageOfItsOwn_isOneJsonRpcErrorSayingWhatToDo(
      String request, int status, String says) throws Exception {
    HttpResponse<String> response =
        switch (request) {
          case "POST initialize, bad capabilities" ->
              post(
                  EMEA,
                  null,
                  "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"initialize\",\"params\":{"
                      + "\"protocolVersion\":\"2025-06-18\",\"capabilities\":{\"roots\":5,"
                      + "\"sampling\":\"x\"},\"clientInfo\":{\"name\":\"c\",\"version\":\"1\"}}}");
          case "POST tools/list, unknown session" -> post(EMEA, "no-such-session", TOOLS_LIST);
          case "POST tools/list, no session" -> post(EMEA, null, TOOLS_LIST);
          case "GET, unknown session" -> send("GET", EMEA, "no-such-session");
          case "GET, no Accept of a stream" -> getAcceptingJson(EMEA, started());
          case "DELETE, unknown session" -> send("DELETE", EMEA, "no-such-session");
          default -> throw new IllegalArgumentException(request);
        };

    assertThat(response.statusCode()).as(response.body()).isEqualTo(status);
    assertThat(response.headers().firstValue("Content-Type").orElse(""))
        .startsWith("application/json");
    JsonNode body = JSON.readTree(response.body());
    assertThat(body.path("jsonrpc").asString()).as(response.body()).isEqualTo("2.0");
    assertThat(body.at("/error/message").asString()).contains(says);
    assertThat(response.body())
        .doesNotContain("io.modelcontextprotocol")
        .doesNotContain("Exception")
        .doesNotContain("jackson")
        .doesNotContain("<html");
  }

  /** A session of the emea token, initialized. */
  static String started() throws Exception {
    HttpResponse<String> initialized = post(EMEA, null, INITIALIZE);
    String session = initialized.headers().firstValue("Mcp-Session-Id").orElseThrow();
    post(EMEA, session, INITIALIZED);
    return session;
  }

  static HttpResponse<String> getAcceptingJson(String token, String session) throws Exception {
    return HttpClient.newBuilder()
        .version(HttpClient.Version.HTTP_1_1)
        .build()
        .send(
            HttpRequest.newBuilder(server.endpoint())
                .GET()
                .header("Accept", "application/json")
                .header("Authorization", "Bearer " + token)
                .header("Mcp-Session-Id", session)
                .build(),
            HttpResponse.BodyHandlers.ofString());
  }

  static HttpResponse<String> post(String token, String session, String body) throws Exception {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(server.endpoint())
            .POST(HttpRequest.BodyPublishers.ofString(body))
            .header("Content-Type", "application/json")
            .header("Accept", "application/json, text/event-stream")
            .header("Authorization", "Bearer " + token);
    if (session != null) {
      request.header("Mcp-Session-Id", session);
    }
    return HttpClient.newBuilder()
        .version(HttpClient.Version.HTTP_1_1)
        .build()
        .send(request.build(), HttpResponse.BodyHandlers.ofString());
  }

  /** A request of {@code method} without a body; a GET that finds its session is not sent. */
  static HttpResponse<String> send(String method, String token, String session) throws Exception {
    Map<String, String> headers = new HashMap<>();
    headers.put("Accept", "application/json, text/event-stream");
    headers.put("Content-Type", "application/json");
    if (token != null) {
      headers.put("Authorization", "Bearer " + token);
    }
    if (session != null) {
      headers.put("Mcp-Session-Id", session);
    }
    HttpRequest.Builder request =
        HttpRequest.newBuilder(server.endpoint())
            .method(
                method,
                method.equals("POST")
                    ? HttpRequest.BodyPublishers.ofString(TOOLS_LIST)
                    : HttpRequest.BodyPublishers.noBody());
    headers.forEach(request::header);
    return HttpClient.newBuilder()
        .version(HttpClient.Version.HTTP_1_1)
        .build()
        .send(request.build(), HttpResponse.BodyHandlers.ofString());
  }
}
