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
 * The packaged {@code codemode mcp} driven by the official MCP TypeScript client through what a
 * host sees besides answers ({@code src/test/node/mcp-capabilities.mjs}): log messages at the level
 * the client set, over stdio and over HTTP, where they turn the POST's answer into an event stream.
 */
class McpCapabilitiesIT {

  @TempDir Path dir;

  @BeforeAll
  static void installTheSdk() throws Exception {
    NodeMcpClient.install();
  }

  @Test
  void stdio_everyCapability_answersAsTheClientExpects() throws Exception {
    List<String> command = new ArrayList<>(List.of("node", "mcp-capabilities.mjs", "stdio"));
    command.addAll(PackagedMcp.command("mcp", "--all-tenants"));
    JsonNode summary = NodeMcpClient.run(command);
    assertLogs(summary);
    assertProgress(summary);
    assertCompletions(summary, List.of("americas", "apac", "emea"));
    assertStructured(summary);
  }

  @Test
  void http_everyCapability_answersAsTheClientExpects() throws Exception {
    try (PackagedMcp.HttpServer server = PackagedMcp.startHttp(dir)) {
      JsonNode summary =
          NodeMcpClient.run(
              List.of(
                  "node",
                  "mcp-capabilities.mjs",
                  "http",
                  server.endpoint().toString(),
                  PackagedMcp.EMEA_TOKEN));
      assertLogs(summary);
      assertProgress(summary);
      assertCompletions(summary, List.of("emea"));
      assertStructured(summary);
    }
  }

  /**
   * The prompt's table and tenant and the template's table complete to what the principal may use:
   * {@code tenants} are its own when it is confined, every tenant when it is not.
   */
  private static void assertCompletions(JsonNode summary, List<String> tenants) {
    assertThat(summary.at("/capabilities/completions").isObject()).isTrue();
    assertThat(summary.path("templates").valueStream().map(JsonNode::asString))
        .containsExactlyInAnyOrder(
            "codemode://tables/{table}",
            "codemode://results/{id}/pages/{page}",
            "ui://codemode4j/charts/{id}");
    assertThat(summary.path("promptArguments").valueStream().map(JsonNode::asString))
        .containsExactly("question", "table", "tenant");
    JsonNode tables = summary.at("/completeTable/values");
    assertThat(tables.valueStream().map(JsonNode::asString))
        .as(summary.path("completeTable").toString())
        .contains("invoice_summary")
        .allMatch(name -> name.startsWith("inv"));
    assertThat(summary.at("/completeTenant/values").valueStream().map(JsonNode::asString))
        .as(summary.path("completeTenant").toString())
        .containsExactlyElementsOf(tenants);
    JsonNode all = summary.path("completeTemplate");
    assertThat(all.path("values").valueStream().map(JsonNode::asString))
        .as(all.toString())
        .contains("invoice_summary")
        .hasSizeGreaterThan(tables.size());
    assertThat(all.path("total").asInt()).isEqualTo(all.path("values").size());
  }

  /**
   * The call with a progress token got progress as its inner calls started and ended: growing,
   * naming methods and counts, never the SQL it ran, the last one complete.
   */
  private static void assertProgress(JsonNode summary) {
    JsonNode progress = summary.at("/info/progress");
    assertThat(progress.size()).as(summary.path("info").toString()).isGreaterThanOrEqualTo(2);
    double previous = 0;
    for (JsonNode p : progress) {
      assertThat(p.path("progress").asDouble()).as(progress.toString()).isGreaterThan(previous);
      previous = p.path("progress").asDouble();
      assertThat(p.path("message").asString()).doesNotContain("SELECT").doesNotContain("rows");
    }
    assertThat(progress.get(0).path("message").asString()).startsWith("warehouse.");
    JsonNode last = progress.get(progress.size() - 1);
    assertThat(last.path("total").asDouble()).isEqualTo(last.path("progress").asDouble());
    assertThat(last.path("message").asString()).isEqualTo("the pass ended: 3 of 3 calls done");
  }

  private static void assertStructured(JsonNode summary) {
    assertThat(summary.path("outputSchemas").valueStream().map(t -> t.path("type").asString()))
        .as(summary.path("outputSchemas").toString())
        .containsExactly("object", "object");
    JsonNode structured = summary.path("structured");
    assertThat(structured.valueStream().map(c -> c.path("isError").asBoolean()))
        .containsExactly(false, true, true, false, true);
    for (JsonNode call : structured) {
      assertThat(call.path("valid").asBoolean()).as(call.toString()).isTrue();
    }
  }

  private static void assertLogs(JsonNode summary) {
    assertThat(summary.at("/capabilities/logging").isObject()).as(summary.toString()).isTrue();

    JsonNode info = summary.path("info");
    assertThat(info.path("isError").asBoolean(true)).as(info.toString()).isFalse();
    assertThat(info.path("result").asInt()).isEqualTo(2);
    assertThat(info.path("logs").valueStream().map(l -> l.path("data").asString()))
        .containsExactly(
            "looking up the tables", "read 2 rows", "the pass succeeded after 3 inner calls");
    assertThat(info.path("logs").valueStream().map(l -> l.path("level").asString()))
        .containsOnly("info");
    assertThat(info.path("logs").valueStream().map(l -> l.path("logger").asString()))
        .containsOnly("run_javascript");

    JsonNode failing = summary.path("infoFailing");
    assertThat(failing.path("isError").asBoolean()).isTrue();
    assertThat(failing.path("logs").valueStream().map(l -> l.path("level").asString()))
        .containsExactly("info", "error");
    assertThat(failing.at("/logs/1/data").asString())
        .startsWith("the pass failed (thrown) after 0 inner calls: ")
        .contains("bad total");

    assertThat(summary.at("/infoWithoutToken/progress").size()).isZero();
    assertThat(summary.at("/error/logs").size()).as(summary.toString()).isZero();
    assertThat(summary.at("/error/result").asInt()).isEqualTo(2);
    assertThat(summary.at("/errorFailing/logs").valueStream().map(l -> l.path("level").asString()))
        .containsExactly("error");
  }
}
