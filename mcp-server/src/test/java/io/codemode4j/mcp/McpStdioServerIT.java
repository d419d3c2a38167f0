package io.codemode4j.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import io.codemode4j.bridge.CodeMode;
import io.codemode4j.bridge.Principal;
import io.codemode4j.warehouse.Warehouse;
import io.codemode4j.warehouse.billing.BillingSample;
import java.io.ByteArrayOutputStream;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The stdio server over pipes, spoken to in raw JSON-RPC lines as a host writes them: a client that
 * writes its requests and closes its end at once still gets every response, and stdout holds
 * nothing but protocol.
 */
class McpStdioServerIT {

  static final JsonMapper JSON = JsonMapper.builder().build();
  static Warehouse warehouse;
  static CodeMode codeMode;
  static CodeModeMcp mcp;

  @BeforeAll
  static void start() throws Exception {
    warehouse =
        BillingSample.open(
            Path.of(System.getProperty("codemode.sampleDir", "../sample-data/parquet")),
            Path.of(System.getProperty("codemode.cacheDir", "target/codemode-cache")));
    codeMode = BillingSample.installTools(warehouse, CodeMode.builder()).build();
    mcp = ServedWarehouse.builder(codeMode, warehouse).build();
  }

  @AfterAll
  static void stop() {
    mcp.close();
    codeMode.close();
    warehouse.close();
  }

  @Test
  void endOfInput_withCallsInFlightAndBadLines_answersEveryRequestFirst() throws Exception {
    PipedOutputStream client = new PipedOutputStream();
    PipedInputStream serverIn = new PipedInputStream(client, 1 << 16);
    ByteArrayOutputStream serverOut = new ByteArrayOutputStream();
    McpStdioServer server =
        mcp.stdio(Grant.of(Principal.ofTenant("stdio", Set.of("emea"))), serverIn, serverOut);

    String requests =
        String.join(
                "\n",
                "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":\"pipe\",\"version\":\"1\"}}}",
                "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}",
                "",
                "{not json",
                "[1,2]",
                "{\"hello\":1}",
                "{\"jsonrpc\":\"2.0\",\"id\":9,\"result\":{}}",
                "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/call\",\"params\":{\"name\":\"run_javascript\",\"arguments\":{\"code\":\"async () => { let i = 0; while (i < 1000000) { i = (i + 1) | 0; } return (await warehouse.query({sql: 'SELECT DISTINCT region FROM customers'})).rows; }\"}}}",
                "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/call\",\"params\":{\"name\":\"run_javascript\",\"arguments\":{\"code\":\"async () => { throw new Error('boom'); }\"}}}",
                "")
            + "\n";
    client.write(requests.getBytes(StandardCharsets.UTF_8));
    client.close();

    boolean ended = server.awaitEnd(Duration.ofSeconds(60));

    assertThat(ended).isTrue();
    List<JsonNode> lines =
        serverOut.toString(StandardCharsets.UTF_8).lines().map(JSON::readTree).toList();
    assertThat(lines)
        .allSatisfy(line -> assertThat(line.get("jsonrpc").asString()).isEqualTo("2.0"));
    assertThat(lines)
        .anySatisfy(
            line -> {
              assertThat(line.get("id").isNull()).isTrue();
              assertThat(line.get("error").get("code").asInt()).isEqualTo(-32700);
            });
    assertThat(lines.stream().filter(l -> l.path("error").path("code").asInt() == -32600))
        .extracting(l -> l.get("error").get("message").asString())
        .containsExactly(
            "Invalid Request: a message is one JSON object; batches (arrays) are not part of MCP",
            "Invalid Request: a message needs \"jsonrpc\": \"2.0\"");
    JsonNode two = lines.stream().filter(l -> l.path("id").asInt() == 2).findFirst().orElseThrow();
    JsonNode three =
        lines.stream().filter(l -> l.path("id").asInt() == 3).findFirst().orElseThrow();
    assertThat(two.get("result").get("structuredContent").get("result").toString())
        .isEqualTo("[{\"region\":\"emea\"}]");
    assertThat(three.get("result").get("isError").asBoolean()).isTrue();
    assertThat(three.get("result").get("structuredContent").get("error").get("kind").asString())
        .isEqualTo("thrown");
  }

  @Test
  void request_beforeInitialized_isAnsweredNotDropped() throws Exception {
    PipedOutputStream client = new PipedOutputStream();
    PipedInputStream serverIn = new PipedInputStream(client, 1 << 16);
    ByteArrayOutputStream serverOut = new ByteArrayOutputStream();
    McpStdioServer server = mcp.stdio(Grant.of(Principal.unconfined("stdio")), serverIn, serverOut);

    client.write(
        "{\"jsonrpc\":\"2.0\",\"id\":\"early\",\"method\":\"tools/list\"}\n"
            .getBytes(StandardCharsets.UTF_8));
    client.close();

    assertThat(server.awaitEnd(Duration.ofSeconds(20))).isTrue();
    JsonNode answer = JSON.readTree(serverOut.toString(StandardCharsets.UTF_8).strip());
    assertThat(answer.get("id").asString()).isEqualTo("early");
    assertThat(answer.get("error").get("message").asString())
        .isEqualTo(
            "Invalid Request: tools/list before the session is initialized: send initialize, then"
                + " notifications/initialized");
  }

  @Test
  void malformedLines_ofEveryKind_areEachAnsweredInJsonRpcAndTheSessionGoesOn() throws Exception {
    PipedOutputStream client = new PipedOutputStream();
    PipedInputStream serverIn = new PipedInputStream(client, 1 << 20);
    ByteArrayOutputStream serverOut = new ByteArrayOutputStream();
    McpStdioServer server = mcp.stdio(Grant.of(Principal.unconfined("stdio")), serverIn, serverOut);
    List<MalformedMessages.Case> cases = MalformedMessages.all(1000);
    StringBuilder input =
        new StringBuilder(
            "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":\"pipe\",\"version\":\"1\"}}}\n"
                + "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}\n");
    cases.forEach(c -> input.append(c.line()).append('\n'));
    // Shapes the screen leaves to the SDK, which fails inside: answered as an internal error.
    input.append(
        "{\"jsonrpc\":\"2.0\",\"id\":\"deep\",\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{\"roots\":5,\"elicitation\":[]},\"clientInfo\":{\"name\":\"c\",\"version\":\"1\"}}}\n");
    input.append("{\"jsonrpc\":\"2.0\",\"id\":\"long\",\"method\":\"ping\",\"params\":{\"x\":\"");
    input.append("y".repeat(HttpOptions.DEFAULT_MAX_REQUEST_BYTES)).append("\"}}\n");
    input.append("{\"jsonrpc\":\"2.0\",\"id\":\"last\",\"method\":\"ping\"}\n");
    Thread writer =
        Thread.ofVirtual()
            .start(
                () -> {
                  try (client) {
                    client.write(input.toString().getBytes(StandardCharsets.UTF_8));
                  } catch (java.io.IOException e) {
                    throw new java.io.UncheckedIOException(e);
                  }
                });

    boolean ended = server.awaitEnd(Duration.ofSeconds(60));
    writer.join();

    assertThat(ended).isTrue();
    String out = serverOut.toString(StandardCharsets.UTF_8);
    List<JsonNode> lines = out.lines().map(JSON::readTree).toList();
    assertThat(lines).allSatisfy(l -> assertThat(l.get("jsonrpc").asString()).isEqualTo("2.0"));
    assertThat(out).doesNotContain("Exception").doesNotContain("jackson").doesNotContain("$");
    for (MalformedMessages.Case c : cases) {
      if (c.id() != null) {
        assertThat(lines)
            .as(c.line())
            .filteredOn(l -> l.path("id").isNumber() && l.get("id").asLong() == c.id())
            .singleElement()
            .satisfies(l -> assertThat(l.get("error").get("code").asInt()).isEqualTo(c.code()));
      }
    }
    long withoutId = cases.stream().filter(c -> c.id() == null && !c.notification()).count();
    assertThat(lines.stream().filter(l -> l.path("id").isNull()).map(JsonNode::toString))
        .hasSize((int) withoutId + 1);
    assertThat(lines)
        .anySatisfy(
            l ->
                assertThat(l.path("error").path("message").asString(""))
                    .isEqualTo(
                        "Invalid Request: the message is over 1048576 bytes, the most this server"
                            + " reads"));
    assertThat(lines)
        .filteredOn(l -> l.path("id").asString("").equals("deep"))
        .singleElement()
        .satisfies(
            l ->
                assertThat(l.get("error").get("message").asString())
                    .isEqualTo(
                        "Internal error: the server could not handle this request; its log has the"
                            + " details"));
    assertThat(lines)
        .filteredOn(l -> l.path("id").asString("").equals("last"))
        .singleElement()
        .satisfies(l -> assertThat(l.has("result")).isTrue());
  }
}
