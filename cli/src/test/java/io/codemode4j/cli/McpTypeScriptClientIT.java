package io.codemode4j.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * The packaged {@code codemode mcp} driven over stdio by the official MCP TypeScript client
 * ({@code @modelcontextprotocol/sdk} from the npm registry, the version and its dependencies fixed
 * by {@code src/test/node/package-lock.json}): what an MCP host built on that SDK sees.
 *
 * <p>Decided: the script ({@code src/test/node/mcp-e2e.mjs}) does the protocol and prints one JSON
 * summary, and this test asserts on it, so a failure shows here with the summary. It is skipped
 * only when {@code node} or {@code npm} is absent; a failing install (no registry) fails it.
 */
class McpTypeScriptClientIT {

  @TempDir Path dir;

  @BeforeAll
  static void installTheSdk() throws Exception {
    NodeMcpClient.install();
  }

  @Test
  void typeScriptClient_listsRunsFailsAndSurvivesAHostileProgram_seesWhatAHostShould()
      throws Exception {
    List<String> command =
        new ArrayList<>(
            List.of(
                "node",
                "mcp-e2e.mjs",
                Path.of(System.getProperty("codemode.home", ".."))
                    .resolve("examples")
                    .resolve("top-region.js")
                    .toAbsolutePath()
                    .toString()));
    command.addAll(PackagedMcp.command("mcp", "--all-tenants", "--timeout", "3s"));
    JsonNode summary = NodeMcpClient.run(command);

    assertThat(summary.at("/server/name").asString()).isEqualTo("codemode4j");
    assertThat(summary.path("tools").valueStream().map(t -> t.path("name").asString()))
        .containsExactly("run_javascript", "discover_tools");
    for (JsonNode tool : summary.path("tools")) {
      assertThat(tool.path("inputSchemaType").asString()).as(tool.toString()).isEqualTo("object");
      assertThat(tool.path("outputSchemaType").asString()).as(tool.toString()).isEqualTo("object");
      assertThat(tool.at("/annotations/openWorldHint").asBoolean(true)).isFalse();
    }
    assertThat(summary.at("/tools/0/annotations/readOnlyHint").asBoolean(true)).isFalse();
    assertThat(summary.at("/tools/0/annotations/idempotentHint").asBoolean(true)).isFalse();
    assertThat(summary.path("resources").valueStream().map(JsonNode::asString))
        .contains("codemode://declarations", "codemode://tables/invoice_summary");
    assertThat(summary.path("tableColumns").valueStream().map(JsonNode::asString))
        .contains("region", "revenue");
    assertThat(summary.path("prompts").valueStream().map(JsonNode::asString)).contains("analyst");
    assertThat(summary.path("promptAsksTheQuestion").asBoolean()).isTrue();

    JsonNode example = summary.path("example");
    assertThat(example.path("isError").asBoolean(true)).as(example.toString()).isFalse();
    assertThat(example.path("textMatchesStructured").asBoolean()).isTrue();
    assertThat(example.at("/structured/result/region").asString()).isNotBlank();
    assertThat(example.at("/structured/result/ranking").size()).isGreaterThan(1);
    // The ranking is the query's, highest first: its first entry is the answer.
    assertThat(example.at("/structured/result/ranking/0/region").asString())
        .isEqualTo(example.at("/structured/result/region").asString());

    JsonNode failing = summary.path("failing");
    assertThat(failing.path("isError").asBoolean()).as(failing.toString()).isTrue();
    assertThat(failing.at("/structured/ok").asBoolean(true)).isFalse();
    assertThat(failing.at("/structured/error/kind").asString()).isEqualTo("thrown");
    assertThat(failing.at("/structured/error/thrown/name").asString()).isEqualTo("TypeError");
    assertThat(failing.at("/structured/calls/0/method").asString()).isEqualTo("warehouse.tables");

    assertThat(summary.at("/hostile/isError").asBoolean()).isTrue();
    assertThat(summary.at("/hostile/structured/error/kind").asString()).isEqualTo("timeout");
    JsonNode after = summary.path("afterHostile");
    assertThat(after.path("isError").asBoolean(true)).as(after.toString()).isFalse();
    assertThat(after.at("/structured/result").asInt()).isEqualTo(42);
  }

  @Test
  void typeScriptClientOverHttp_twoTokensAndNone_eachTokenSeesItsOwnAndNoTokenIsRefused()
      throws Exception {
    try (PackagedMcp.HttpServer server = PackagedMcp.startHttp(dir)) {
      JsonNode summary =
          NodeMcpClient.run(
              List.of(
                  "node",
                  "mcp-e2e-http.mjs",
                  server.endpoint().toString(),
                  PackagedMcp.EMEA_TOKEN,
                  PackagedMcp.SQL_TOKEN));

      JsonNode emea = summary.path("a");
      assertThat(emea.path("isError").asBoolean(true)).as(emea.toString()).isFalse();
      assertThat(emea.path("regions").valueStream().map(JsonNode::asString))
          .containsExactly("emea");
      assertThat(emea.path("declaresBilling").asBoolean()).isTrue();
      JsonNode sqlOnly = summary.path("b");
      assertThat(sqlOnly.path("isError").asBoolean(true)).as(sqlOnly.toString()).isFalse();
      assertThat(sqlOnly.path("regions").size()).isGreaterThan(1);
      assertThat(sqlOnly.path("declaresBilling").asBoolean(true)).isFalse();
      JsonNode anonymous = summary.path("anonymous");
      assertThat(anonymous.path("connected").asBoolean(true)).isFalse();
      assertThat(anonymous.path("code").asInt()).as(anonymous.toString()).isEqualTo(401);
      assertThat(anonymous.path("message").asString()).contains("bearer token");
    }
  }
}
