package io.codemode4j.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

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

  private static final JsonMapper JSON = JsonMapper.builder().build();
  private static final Path SOURCES = Path.of("src", "test", "node");
  private static final Path WORK = Path.of("target", "node-e2e");

  @TempDir Path dir;

  @BeforeAll
  static void installTheSdk() throws Exception {
    Assumptions.assumeTrue(
        runs("node", "--version") && runs("npm", "--version"),
        "node and npm are not on PATH: McpTypeScriptClientIT needs Node.js 18 or later to install"
            + " and run the MCP TypeScript SDK (install Node.js to run it)");
    Files.createDirectories(WORK);
    for (String file :
        List.of("package.json", "package-lock.json", "mcp-e2e.mjs", "mcp-e2e-http.mjs")) {
      Files.copy(SOURCES.resolve(file), WORK.resolve(file), StandardCopyOption.REPLACE_EXISTING);
    }
    Path log = WORK.resolve("npm-ci.log");
    Process npm =
        new ProcessBuilder("npm", "ci", "--no-audit", "--no-fund")
            .directory(WORK.toFile())
            .redirectErrorStream(true)
            .redirectOutput(log.toFile())
            .start();
    npm.getOutputStream().close();
    assertThat(npm.waitFor(5, TimeUnit.MINUTES)).as("npm ci finished").isTrue();
    assertThat(npm.exitValue()).as(Files.readString(log)).isZero();
  }

  private static boolean runs(String... command) throws InterruptedException {
    try {
      Process process =
          new ProcessBuilder(command)
              .redirectErrorStream(true)
              .redirectOutput(ProcessBuilder.Redirect.DISCARD)
              .start();
      return process.waitFor(60, TimeUnit.SECONDS) && process.exitValue() == 0;
    } catch (IOException e) {
      return false;
    }
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
    command.addAll(PackagedMcp.command("mcp", "--timeout", "3s"));
    JsonNode summary = node(command);

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
          node(
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

  /** Runs {@code command} in the work directory and returns the JSON summary it printed. */
  private static JsonNode node(List<String> command) throws Exception {
    Path stderr = Files.createTempFile(WORK, "stderr", ".txt");
    Process node =
        new ProcessBuilder(command).directory(WORK.toFile()).redirectError(stderr.toFile()).start();
    node.getOutputStream().close();
    String out = new String(node.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(node.waitFor(5, TimeUnit.MINUTES)).isTrue();
    assertThat(node.exitValue()).as(out + Files.readString(stderr)).isZero();
    return JSON.readTree(out);
  }
}
