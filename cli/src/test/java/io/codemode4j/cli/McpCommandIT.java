package io.codemode4j.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.InstanceOfAssertFactories.MAP;

import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.client.transport.ServerParameters;
import io.modelcontextprotocol.client.transport.StdioClientTransport;
import io.modelcontextprotocol.json.jackson3.JacksonMcpJsonMapper;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The packaged {@code codemode mcp} ({@code target/codemode.jar}, as the launcher runs it) as an
 * MCP host starts it: a subprocess on stdio, driven by the MCP Java SDK's own client, and once by
 * raw JSON-RPC lines to check that stdout carries nothing but protocol.
 */
class McpCommandIT {

  private static final JsonMapper JSON = JsonMapper.builder().build();
  private static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(90);

  /** Short enough for the endless loop to end soon, long enough for every benign program here. */
  private static final String TIMEOUT = "3s";

  private static final String INITIALIZE =
      "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":"
          + "{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},"
          + "\"clientInfo\":{\"name\":\"raw\",\"version\":\"1\"}}}";

  private static final String INITIALIZED =
      "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}";

  private static McpSyncClient shared;
  private static final Queue<String> sharedErr = new ConcurrentLinkedQueue<>();

  @TempDir Path dir;

  @BeforeAll
  static void startSharedServer() {
    shared = client(sharedErr, "--all-tenants", "--timeout", TIMEOUT);
  }

  @AfterAll
  static void stopSharedServer() {
    if (shared != null) {
      shared.closeGracefully();
    }
  }

  private static McpSyncClient client(Queue<String> err, String... mcpArgs) {
    List<String> command = new ArrayList<>(List.of("mcp"));
    command.addAll(List.of(mcpArgs));
    List<String> line = PackagedMcp.command(command.toArray(String[]::new));
    StdioClientTransport transport =
        new StdioClientTransport(
            ServerParameters.builder(line.getFirst()).args(line.subList(1, line.size())).build(),
            new JacksonMcpJsonMapper(JSON));
    transport.setStdErrorHandler(err::add);
    McpSyncClient client =
        McpClient.sync(transport)
            .requestTimeout(REQUEST_TIMEOUT)
            .initializationTimeout(REQUEST_TIMEOUT)
            .build();
    client.initialize();
    return client;
  }

  private static McpSchema.CallToolResult run(McpSyncClient client, String code) {
    return client.callTool(new McpSchema.CallToolRequest("run_javascript", Map.of("code", code)));
  }

  private static JsonNode structured(McpSchema.CallToolResult result) {
    return JSON.valueToTree(result.structuredContent());
  }

  private static Path example(String name) {
    return Path.of(System.getProperty("codemode.home", "..")).resolve("examples").resolve(name);
  }

  @Test
  void toolsList_packagedServer_offersBothToolsWithSchemasAndHonestAnnotations() {
    List<McpSchema.Tool> tools = shared.listTools().tools();

    assertThat(tools)
        .extracting(McpSchema.Tool::name)
        .containsExactly("run_javascript", "discover_tools");
    for (McpSchema.Tool tool : tools) {
      assertThat(tool.inputSchema()).as(tool.name()).containsEntry("type", "object");
      assertThat(tool.outputSchema()).as(tool.name()).isNotNull().containsEntry("type", "object");
    }
    McpSchema.Tool run = tools.getFirst();
    assertThat(run.outputSchema()).containsKey("properties");
    // discover_tools answers its matches or a refusal {error: {kind, message}}: either schema.
    assertThat(tools.get(1).outputSchema()).containsKey("anyOf");
    assertThat(run.inputSchema().get("properties")).asInstanceOf(MAP).containsKey("code");
    // billing.flagInvoice writes, so no host may treat run_javascript as safe to repeat or
    // read-only.
    assertThat(run.annotations().readOnlyHint()).isFalse();
    assertThat(run.annotations().idempotentHint()).isFalse();
    assertThat(run.annotations().openWorldHint()).isFalse();
    assertThat(run.description()).contains("declare const warehouse").contains("billing");
  }

  @Test
  void runJavascript_readmesMainExample_answersAsCodemodeRunJsonDoes() throws Exception {
    String program = Files.readString(example("top-region.js"));

    McpSchema.CallToolResult result = run(shared, program);

    assertThat(result.isError()).as(String.valueOf(result)).isFalse();
    JsonNode egress = structured(result);
    assertThat(egress.path("ok").asBoolean()).isTrue();
    // The text content is the same egress, for hosts that read only text.
    assertThat(((McpSchema.TextContent) result.content().getFirst()).text())
        .isEqualTo(egress.toString());
    JsonNode cli = codemodeRunJson(example("top-region.js"));
    assertThat(cli.path("ok").asBoolean()).as(cli.toString()).isTrue();
    assertThat(egress.get("result")).isEqualTo(cli.get("result"));
    assertThat(egress.at("/result/region").asString()).isNotBlank();
  }

  private static JsonNode codemodeRunJson(Path program) throws Exception {
    Process process =
        new ProcessBuilder(PackagedMcp.command("run", "--json", program.toString()))
            .redirectError(ProcessBuilder.Redirect.DISCARD)
            .start();
    process.getOutputStream().close();
    String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(process.waitFor(120, TimeUnit.SECONDS)).isTrue();
    return JSON.readTree(out);
  }

  @Test
  void runJavascript_programThrowsAfterACall_isAnErrorResultWithTheEnvelopeAndLedger() {
    McpSchema.CallToolResult result =
        run(
            shared,
            "async () => { await warehouse.query({sql: 'SELECT 1 AS x'});"
                + " throw new Error('no such customer'); }");

    // A tool result the model reads, not a JSON-RPC error (callTool would have thrown).
    assertThat(result.isError()).isTrue();
    JsonNode egress = structured(result);
    assertThat(egress.path("ok").asBoolean(true)).isFalse();
    assertThat(egress.at("/error/kind").asString()).isEqualTo("thrown");
    assertThat(egress.at("/error/message").asString()).contains("no such customer");
    assertThat(egress.path("calls")).hasSize(1);
    assertThat(egress.at("/calls/0/method").asString()).isEqualTo("warehouse.query");
    assertThat(egress.at("/calls/0/status").asString()).isEqualTo("succeeded");
  }

  @Test
  void runJavascript_endlessLoopThenGoodProgram_endsTimedOutAndTheNextCallWorks() {
    McpSchema.CallToolResult loop = run(shared, "async () => { while (true) {} }");

    assertThat(loop.isError()).isTrue();
    assertThat(structured(loop).at("/error/kind").asString()).isEqualTo("timeout");
    assertThat(structured(loop).at("/error/message").asString()).contains("3s");
    McpSchema.CallToolResult next = run(shared, "async () => 6 * 7");
    assertThat(next.isError()).isFalse();
    assertThat(structured(next).path("result").asInt()).isEqualTo(42);
  }

  @Test
  void runJavascript_memoryHogThenGoodProgram_endsAtTheMemoryLimitAndTheNextCallWorks() {
    // Its own server with the default wall time (30s): under the shared server's 3s, a loaded
    // machine ended the hog at its wall time before it filled the heap (CI at load 10-13).
    Queue<String> err = new ConcurrentLinkedQueue<>();
    McpSyncClient roomy = client(err, "--all-tenants");
    try {
      McpSchema.CallToolResult hog =
          run(
              roomy,
              "async () => { const a = []; while (true) a.push(new Array(100000).fill(1.5)); }");

      assertThat(hog.isError()).as(String.valueOf(hog)).isTrue();
      assertThat(structured(hog).at("/error/kind").asString()).isEqualTo("limit");
      assertThat(structured(hog).at("/error/limit").asString()).isEqualTo("memory");
      McpSchema.CallToolResult next =
          run(roomy, "async () => (await warehouse.query({sql: 'SELECT 2 AS x'})).rows[0].x");
      assertThat(next.isError()).as(String.valueOf(next)).isFalse();
      assertThat(structured(next).path("result").asInt()).isEqualTo(2);
    } finally {
      roomy.closeGracefully();
    }
  }

  @Test
  void runJavascript_processIsolationMemoryHogThenGoodProgram_endsTypedAndTheNextCallWorks() {
    Queue<String> err = new ConcurrentLinkedQueue<>();
    McpSyncClient isolated = client(err, "--all-tenants", "--isolation", "process");
    try {
      McpSchema.CallToolResult hog =
          run(
              isolated,
              "async () => { const a = []; while (true) a.push(new Array(100000).fill(1.5)); }");

      assertThat(hog.isError()).as(String.valueOf(hog)).isTrue();
      assertThat(structured(hog).at("/error/kind").asString()).isEqualTo("limit");
      assertThat(structured(hog).at("/error/limit").asString()).isEqualTo("memory");
      McpSchema.CallToolResult next =
          run(isolated, "async () => (await warehouse.query({sql: 'SELECT 5 AS x'})).rows[0].x");
      assertThat(next.isError()).as(String.valueOf(next)).isFalse();
      assertThat(structured(next).path("result").asInt()).isEqualTo(5);
    } finally {
      isolated.closeGracefully();
    }
  }

  @Test
  void resources_listAndRead_offerTheDeclarationsAndEachTableAsJsonColumns() {
    List<String> uris =
        shared.listResources().resources().stream().map(McpSchema.Resource::uri).toList();

    assertThat(uris)
        .contains(
            "codemode://declarations",
            "codemode://tables/customers",
            "codemode://tables/invoices",
            "codemode://tables/invoice_lines",
            "codemode://tables/invoice_summary");
    McpSchema.TextResourceContents table =
        (McpSchema.TextResourceContents)
            shared
                .readResource(new McpSchema.ReadResourceRequest("codemode://tables/invoices"))
                .contents()
                .getFirst();
    assertThat(table.mimeType()).isEqualTo("application/json");
    JsonNode json = JSON.readTree(table.text());
    assertThat(json.path("table").asString()).isEqualTo("invoices");
    assertThat(json.path("columns").valueStream().map(c -> c.path("name").asString()))
        .contains("invoice_id", "region", "amount_cents");
    McpSchema.TextResourceContents declarations =
        (McpSchema.TextResourceContents)
            shared
                .readResource(new McpSchema.ReadResourceRequest("codemode://declarations"))
                .contents()
                .getFirst();
    assertThat(declarations.text()).contains("declare const warehouse").contains("query(");
  }

  @Test
  void promptsGet_analystWithAQuestion_returnsAMessageAskingIt() {
    String question = "which region had the highest revenue in 2024?";

    McpSchema.GetPromptResult prompt =
        shared.getPrompt(new McpSchema.GetPromptRequest("analyst", Map.of("question", question)));

    assertThat(shared.listPrompts().prompts())
        .extracting(McpSchema.Prompt::name)
        .contains("analyst");
    assertThat(prompt.messages()).hasSize(1);
    assertThat(((McpSchema.TextContent) prompt.messages().getFirst().content()).text())
        .contains(question)
        .contains("run_javascript");
  }

  @Test
  void runJavascript_tenantEmeaWithAudit_seesOnlyEmeaRevenueAndAuditsThePassAsEmea()
      throws IOException {
    Queue<String> err = new ConcurrentLinkedQueue<>();
    Path audit = dir.resolve("audit.jsonl");
    McpSyncClient emea = client(err, "--tenant", "emea", "--audit", audit.toString());
    try {
      McpSchema.CallToolResult result =
          run(
              emea,
              "async () => (await warehouse.query({sql: 'SELECT region, SUM(revenue) AS total"
                  + " FROM invoice_summary GROUP BY region'})).rows.map(r => r.region)");

      assertThat(result.isError()).as(String.valueOf(result)).isFalse();
      assertThat(structured(result).path("result").valueStream().map(JsonNode::asString))
          .containsExactly("emea");
    } finally {
      emea.closeGracefully();
    }
    List<JsonNode> lines = Files.readAllLines(audit).stream().map(JSON::readTree).toList();
    assertThat(lines)
        .filteredOn(line -> line.path("record").asString().equals("pass"))
        .singleElement()
        .satisfies(
            pass -> {
              assertThat(pass.path("principal").asString()).isEqualTo("mcp");
              assertThat(pass.path("tenant").valueStream().map(JsonNode::asString))
                  .containsExactly("emea");
              assertThat(pass.path("outcome").asString()).isEqualTo("ok");
            });
    assertThat(lines)
        .filteredOn(line -> line.path("record").asString().equals("call"))
        .extracting(line -> line.path("method").asString())
        .containsExactly("warehouse.query");
    // Unconfined, the same program sees more than one region: the tenant is what narrowed it.
    McpSchema.CallToolResult all =
        run(
            shared,
            "async () => (await warehouse.query({sql: 'SELECT DISTINCT region FROM"
                + " invoice_summary'})).rows.length");
    assertThat(structured(all).path("result").asInt()).isGreaterThan(1);
  }

  @Test
  void runJavascript_noDeclarations_descriptionPointsToDiscoverTools() {
    Queue<String> err = new ConcurrentLinkedQueue<>();
    McpSyncClient bare = client(err, "--all-tenants", "--no-declarations");
    try {
      McpSchema.Tool run = bare.listTools().tools().getFirst();

      assertThat(run.name()).isEqualTo("run_javascript");
      assertThat(run.description()).contains("discover_tools").doesNotContain("declare const");
    } finally {
      bare.closeGracefully();
    }
  }

  @Test
  void stdio_rawRequestsThenEndOfInput_writesOnlyProtocolAnswersEveryRequestAndExitsZero()
      throws Exception {
    Path stderr = dir.resolve("stderr.txt");
    Process process =
        new ProcessBuilder(PackagedMcp.command("mcp", "--all-tenants", "--timeout", "2s"))
            .redirectError(ProcessBuilder.Redirect.to(stderr.toFile()))
            .start();
    try (OutputStream in = process.getOutputStream()) {
      for (String line :
          List.of(
              INITIALIZE,
              INITIALIZED,
              // Never settles: its response exists only 2 s after input ended (the drain).
              toolsCall(2, "async () => { await new Promise(() => {}); }"),
              toolsCall(
                  3,
                  "async () => { const r = await warehouse.query({sql: 'SELECT DISTINCT region"
                      + " FROM customers'}); console.log('queried'); return r.rowCount; }"))) {
        in.write((line + "\n").getBytes(StandardCharsets.UTF_8));
      }
    }
    String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);

    assertThat(process.waitFor(120, TimeUnit.SECONDS)).isTrue();
    assertThat(process.exitValue()).as(Files.readString(stderr)).isZero();
    Map<Integer, JsonNode> responses = new TreeMap<>();
    for (String line : out.split("\n")) {
      JsonNode json = JSON.readTree(line);
      assertThat(json.path("jsonrpc").asString()).as(line).isEqualTo("2.0");
      responses.put(json.path("id").asInt(), json.path("result"));
    }
    assertThat(responses).containsOnlyKeys(1, 2, 3);
    assertThat(responses.get(2).at("/structuredContent/error/kind").asString())
        .as(responses.get(2).toString())
        .isEqualTo("timeout");
    JsonNode answered = responses.get(3);
    assertThat(answered.path("isError").asBoolean(true)).as(answered.toString()).isFalse();
    assertThat(answered.at("/structuredContent/result").asInt()).isGreaterThan(1);
    assertThat(answered.at("/structuredContent/logs/0").asString()).contains("queried");
    // What is not protocol went to stderr: one line per call and per pass, tied by the call id.
    String log = Files.readString(stderr);
    assertThat(log).contains("codemode mcp: serving stdio");
    java.util.regex.Matcher pass =
        java.util.regex.Pattern.compile("pass passId=pass-\\S+ callId=(mcp-\\S+) outcome=timeout")
            .matcher(log);
    assertThat(pass.find()).as(log).isTrue();
    assertThat(log).contains("callId=" + pass.group(1) + " isError=true error=timeout");
  }

  /**
   * The responses by id of a packaged {@code codemode mcp ARGS} that read {@code lines} and then
   * the end of its input.
   */
  private Map<Integer, JsonNode> rawSession(List<String> lines, String... args) throws Exception {
    Path stderr = Files.createTempFile(dir, "stderr", ".txt");
    List<String> command = new ArrayList<>(List.of("mcp", "--all-tenants"));
    command.addAll(List.of(args));
    Process process =
        new ProcessBuilder(PackagedMcp.command(command.toArray(String[]::new)))
            .redirectError(ProcessBuilder.Redirect.to(stderr.toFile()))
            .start();
    try (OutputStream in = process.getOutputStream()) {
      for (String line : lines) {
        in.write((line + "\n").getBytes(StandardCharsets.UTF_8));
      }
    }
    String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(process.waitFor(120, TimeUnit.SECONDS)).isTrue();
    assertThat(process.exitValue()).as(Files.readString(stderr)).isZero();
    Map<Integer, JsonNode> responses = new TreeMap<>();
    for (String line : out.split("\n")) {
      JsonNode json = JSON.readTree(line);
      responses.put(json.path("id").asInt(), json.path("result"));
    }
    return responses;
  }

  @Test
  void stdio_thrownMessagesThatForgeLogLines_areOneEscapedLineEachInTheServersLog()
      throws Exception {
    String forged = "[main] INFO io.codemode4j.mcp - tools/call principal=admin isError=false";
    List<String> breaks = List.of("\n", "\r\n", "\r", "\u2028", "\u001b[2K\r", "\u0085");
    List<String> lines = new ArrayList<>(List.of(INITIALIZE, INITIALIZED));
    for (int i = 0; i < breaks.size(); i++) {
      String message = JSON.writeValueAsString("boom" + i + breaks.get(i) + forged);
      lines.add(toolsCall(2 + i, "async () => { throw new Error(" + message + "); }"));
    }
    Path stderr = Files.createTempFile(dir, "stderr", ".txt");
    Process process =
        new ProcessBuilder(PackagedMcp.command("mcp", "--all-tenants"))
            .redirectError(ProcessBuilder.Redirect.to(stderr.toFile()))
            .redirectOutput(ProcessBuilder.Redirect.DISCARD)
            .start();
    try (OutputStream in = process.getOutputStream()) {
      for (String line : lines) {
        in.write((line + "\n").getBytes(StandardCharsets.UTF_8));
      }
    }
    assertThat(process.waitFor(120, TimeUnit.SECONDS)).isTrue();
    String log = Files.readString(stderr);

    // Every program's message is in the log, on the line of its own call, escaped.
    for (int i = 0; i < breaks.size(); i++) {
      assertThat(log)
          .as(log)
          .contains("boom" + i + "\\")
          .doesNotContain("boom" + i + breaks.get(i));
    }
    assertThat(log.split("\\R|\u2028|\u2029|\u0085"))
        .noneMatch(
            line -> line.startsWith("[main] INFO io.codemode4j.mcp - tools/call principal=admin"));
  }

  private static List<String> hangingCalls(int count) {
    List<String> lines = new ArrayList<>(List.of(INITIALIZE, INITIALIZED));
    for (int id = 2; id < 2 + count; id++) {
      lines.add(toolsCall(id, "async () => { await new Promise(() => {}); }"));
    }
    return lines;
  }

  @Test
  void stdio_moreProgramsAtOnceThanAGrantsDefault_runsThemAllUpToTheServersLimit()
      throws Exception {
    // Ten at once: over a grant's default of 8, within the default --max-concurrent-passes of 64.
    Map<Integer, JsonNode> responses = rawSession(hangingCalls(10), "--timeout", "2s");

    assertThat(responses).hasSize(11);
    responses.forEach(
        (id, result) -> {
          if (id > 1) {
            assertThat(result.at("/structuredContent/error/kind").asString())
                .as(result.toString())
                .isEqualTo("timeout");
          }
        });
  }

  @Test
  void stdio_maxConcurrentPassesOne_answersTheSecondProgramBusy() throws Exception {
    Map<Integer, JsonNode> responses =
        rawSession(hangingCalls(2), "--timeout", "2s", "--max-concurrent-passes", "1");

    assertThat(
            responses.values().stream()
                .skip(1)
                .map(result -> result.at("/structuredContent/error/kind").asString()))
        .containsExactlyInAnyOrder("timeout", "busy");
  }

  private static String toolsCall(int id, String code) {
    return JSON.writeValueAsString(
        Map.of(
            "jsonrpc",
            "2.0",
            "id",
            id,
            "method",
            "tools/call",
            "params",
            Map.of("name", "run_javascript", "arguments", Map.of("code", code))));
  }

  @Test
  void launcher_mcpWhileTheJvmLogsAnError_keepsTheJvmsMessageOffStdout() throws Exception {
    Path stderr = dir.resolve("stderr.txt");
    ProcessBuilder builder =
        new ProcessBuilder(
                Path.of(System.getProperty("codemode.home", "..")).resolve("codemode").toString(),
                "mcp",
                "--all-tenants")
            .redirectError(ProcessBuilder.Redirect.to(stderr.toFile()));
    builder.environment().put("CODEMODE_BUILD", "never");
    builder.environment().put("JAVA_HOME", System.getProperty("java.home"));
    builder
        .environment()
        .put(
            "CODEMODE_CACHE_DIR",
            Path.of(System.getProperty("codemode.cacheDir", "target/codemode-cache"))
                .toAbsolutePath()
                .toString());
    // The JVM reports a missing class-data archive through unified logging, on stdout by default.
    builder
        .environment()
        .put("CODEMODE_JAVA_OPTS", "-XX:SharedArchiveFile=" + dir.resolve("missing.jsa"));
    Process process = builder.start();
    try (OutputStream in = process.getOutputStream()) {
      in.write((INITIALIZE + "\n").getBytes(StandardCharsets.UTF_8));
    }
    String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);

    assertThat(process.waitFor(120, TimeUnit.SECONDS)).isTrue();
    assertThat(Files.readString(stderr)).contains("missing.jsa");
    assertThat(out.lines().toList())
        .as(out)
        .isNotEmpty()
        .allSatisfy(
            line -> assertThat(JSON.readTree(line).path("jsonrpc").asString()).isEqualTo("2.0"));
    assertThat(process.exitValue()).isZero();
  }

  private static McpSyncClient httpClient(URI endpoint, String token) {
    HttpClientStreamableHttpTransport transport =
        HttpClientStreamableHttpTransport.builder(endpoint.resolve("/").toString())
            .endpoint(endpoint.getPath())
            .jsonMapper(new JacksonMcpJsonMapper(JSON))
            .httpRequestCustomizer(
                (request, method, uri, body, context) ->
                    request.header("Authorization", "Bearer " + token))
            .build();
    McpSyncClient client = McpClient.sync(transport).requestTimeout(REQUEST_TIMEOUT).build();
    client.initialize();
    return client;
  }

  @Test
  void http_twoTokens_eachSeesOnlyItsRowsAndMethodsAndNoTokenIsRefused() throws Exception {
    try (PackagedMcp.HttpServer server = PackagedMcp.startHttp(dir)) {
      McpSyncClient emea = httpClient(server.endpoint(), PackagedMcp.EMEA_TOKEN);
      McpSyncClient sqlOnly = httpClient(server.endpoint(), PackagedMcp.SQL_TOKEN);
      String regions =
          "async () => (await warehouse.query({sql: 'SELECT DISTINCT region FROM customers ORDER"
              + " BY region'})).rows.map(r => r.region)";

      JsonNode emeaRegions = structured(run(emea, regions)).path("result");
      JsonNode allRegions = structured(run(sqlOnly, regions)).path("result");

      assertThat(emeaRegions.valueStream().map(JsonNode::asString)).containsExactly("emea");
      assertThat(allRegions.size()).isGreaterThan(1);
      assertThat(emea.listTools().tools().getFirst().description())
          .contains("declare const billing");
      assertThat(sqlOnly.listTools().tools().getFirst().description())
          .contains("declare const warehouse")
          .doesNotContain("declare const billing");
      assertThat(structured(run(sqlOnly, "async () => typeof billing")).path("result").asString())
          .isEqualTo("undefined");
      HttpResponse<String> anonymous =
          HttpClient.newHttpClient()
              .send(
                  HttpRequest.newBuilder(server.endpoint())
                      .header("Content-Type", "application/json")
                      .header("Accept", "application/json, text/event-stream")
                      .POST(HttpRequest.BodyPublishers.ofString("{}"))
                      .build(),
                  HttpResponse.BodyHandlers.ofString());
      assertThat(anonymous.statusCode()).isEqualTo(401);
      assertThat(anonymous.headers().firstValue("WWW-Authenticate")).isPresent();
      emea.closeGracefully();
      sqlOnly.closeGracefully();
    }
  }

  @Test
  void http_sigtermWithACallInFlight_answersTheCallThenExits() throws Exception {
    // HTTP/1.1: concurrent requests on connections of their own, so no probe waits behind the call
    // that hangs.
    HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    // One pass at a time: a probe answered busy proves the hanging call is running.
    try (PackagedMcp.HttpServer server =
        PackagedMcp.startHttp(dir, "--timeout", "3s", "--max-concurrent-passes", "1")) {
      // Never settles: it ends at its 3 s limit, after the SIGTERM below.
      HttpRequest hang =
          HttpRequest.newBuilder(server.endpoint())
              .header("Authorization", "Bearer " + PackagedMcp.EMEA_TOKEN)
              .header("Content-Type", "application/json")
              .header("Accept", "application/json, text/event-stream")
              .POST(
                  HttpRequest.BodyPublishers.ofString(
                      toolsCall(7, "async () => { await new Promise(() => {}); }")))
              .build();
      CompletableFuture<HttpResponse<String>> inFlight =
          http.sendAsync(hang, HttpResponse.BodyHandlers.ofString());
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
      String probe = "";
      while (!probe.contains("\"kind\":\"busy\"")) {
        assertThat(System.nanoTime()).as("the call started: %s", probe).isLessThan(deadline);
        if (inFlight.isDone()) {
          // A probe held the one place when the call arrived, so it was refused: send it again.
          inFlight = http.sendAsync(hang, HttpResponse.BodyHandlers.ofString());
        }
        probe =
            http.send(
                    HttpRequest.newBuilder(server.endpoint())
                        .header("Authorization", "Bearer " + PackagedMcp.EMEA_TOKEN)
                        .header("Content-Type", "application/json")
                        .header("Accept", "application/json, text/event-stream")
                        .POST(HttpRequest.BodyPublishers.ofString(toolsCall(8, "async () => 1")))
                        .build(),
                    HttpResponse.BodyHandlers.ofString())
                .body();
      }

      server.process().destroy(); // SIGTERM

      HttpResponse<String> answer = inFlight.get(60, TimeUnit.SECONDS);
      assertThat(answer.statusCode()).isEqualTo(200);
      JsonNode result = JSON.readTree(answer.body()).path("result");
      assertThat(result.at("/structuredContent/error/kind").asString())
          .as(answer.body())
          .isEqualTo("timeout");
      assertThat(server.process().waitFor(60, TimeUnit.SECONDS))
          .as(server.err().toString())
          .isTrue();
      // 128 + SIGTERM: the JVM ends as a terminated process does, after its shutdown hook drained.
      assertThat(server.process().exitValue()).isEqualTo(143);
    }
  }

  @Test
  void mcp_stdioNeitherTenantNorAllTenants_isAUsageErrorNamingBoth() throws Exception {
    Process process =
        new ProcessBuilder(PackagedMcp.command("mcp"))
            .redirectOutput(ProcessBuilder.Redirect.DISCARD)
            .start();
    process.getOutputStream().close();
    String err = new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);

    assertThat(process.waitFor(120, TimeUnit.SECONDS)).isTrue();
    assertThat(process.exitValue()).as(err).isEqualTo(CodemodeCli.EXIT_USAGE);
    assertThat(err)
        .contains(
            "codemode mcp would serve its client every region's rows, since nothing confines it:"
                + " confine it with --tenant REGION (its regions: americas, apac, emea), or give"
                + " --all-tenants to serve it every region's rows");
  }

  @Test
  void mcp_tenantTheDataLacks_isAUsageErrorListingTheRegions() throws Exception {
    Process process =
        new ProcessBuilder(PackagedMcp.command("mcp", "--tenant", "mars"))
            .redirectOutput(ProcessBuilder.Redirect.DISCARD)
            .start();
    process.getOutputStream().close();
    String err = new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);

    assertThat(process.waitFor(120, TimeUnit.SECONDS)).isTrue();
    assertThat(process.exitValue()).as(err).isEqualTo(CodemodeCli.EXIT_USAGE);
    assertThat(err).contains("--tenant names a region the data does not have (mars)", "emea");
  }

  @Test
  void http_portTaken_exitsOneSayingWhatToDo() throws Exception {
    try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      Process process =
          new ProcessBuilder(
                  PackagedMcp.command(
                      "mcp",
                      "--transport",
                      "http",
                      "--port",
                      String.valueOf(taken.getLocalPort()),
                      "--tokens",
                      PackagedMcp.writeTokens(dir).toString()))
              .redirectOutput(ProcessBuilder.Redirect.DISCARD)
              .start();
      process.getOutputStream().close();
      String err = new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);

      assertThat(process.waitFor(120, TimeUnit.SECONDS)).isTrue();
      assertThat(process.exitValue()).as(err).isEqualTo(CodemodeCli.EXIT_FAILED);
      assertThat(err).contains(":" + taken.getLocalPort()).contains("pick another --port");
    }
  }

  @Test
  void hashToken_tokenOnStdin_printsItsSha256Hex() throws Exception {
    HashTokenRun run = hashToken("Zk3vQ9rT_x7LmN2pW8sYb4HcJd6FgA1e\n");

    assertThat(run.exitCode()).as(run.err()).isZero();
    // SHA-256 of the token's 32 bytes (printf %s TOKEN | sha256sum): the final line break is not
    // part of the token.
    assertThat(run.out().strip())
        .isEqualTo("c0e5a3f673aa2c84d404523c53cd31c67ce797f6b7530c7b0d89984ab17a112a");
  }

  @ParameterizedTest
  @ValueSource(strings = {"secret", "hunter2hunter2hunter2hunter2hunter2hunter2"})
  void hashToken_weakToken_exitsTwoAndPrintsNoHash(String token) throws Exception {
    HashTokenRun run = hashToken(token);

    assertThat(run.exitCode()).as(run.err()).isEqualTo(CodemodeCli.EXIT_USAGE);
    assertThat(run.out()).isEmpty();
    assertThat(run.err())
        .contains("the token is too weak to guard a server")
        .contains("codemode mcp new-token")
        .doesNotContain(token);
  }

  /** What the packaged {@code codemode mcp hash-token} did with {@code input} on its stdin. */
  private record HashTokenRun(int exitCode, String out, String err) {}

  private static HashTokenRun hashToken(String input) throws Exception {
    Process process = new ProcessBuilder(PackagedMcp.command("mcp", "hash-token")).start();
    try (OutputStream in = process.getOutputStream()) {
      in.write(input.getBytes(StandardCharsets.UTF_8));
    }
    String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    String err = new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
    return new HashTokenRun(process.exitValue(), out, err);
  }
}
