package io.codemode4j.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.codemode4j.charts.Chromium;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * What the packaged {@code codemode mcp} hands an MCP host beside an inline answer, driven by the
 * official TypeScript client ({@code src/test/node/mcp-results.mjs}) over stdio and HTTP: a large
 * result as a {@code resource_link} whose pages read back exactly the query's rows while the model
 * reads a summary; another client (token, or stdio session) and an expired link refused with an MCP
 * error; and a result's chart as an MCP App whose page headless Chromium draws, quietly and
 * offline.
 */
class McpResultLinksIT {

  private static final Path PAGES = Path.of("target", "mcp-app-pages");
  private static final Path SCREENSHOTS = Path.of("target", "chart-screenshots");
  private static Chromium chromium;

  @TempDir Path dir;

  @BeforeAll
  static void installTheSdk() throws Exception {
    NodeMcpClient.install();
    Files.createDirectories(PAGES);
  }

  @AfterAll
  static void stopChromium() throws Exception {
    if (chromium != null) {
      chromium.close();
    }
  }

  private static String chartProgram() {
    return Path.of(System.getProperty("codemode.home", ".."))
        .resolve("examples")
        .resolve("revenue-by-month-and-region.js")
        .toAbsolutePath()
        .toString();
  }

  @Test
  void stdio_largeResultAndChart_linkPagesBackTheRowsAndTheAppDraws() throws Exception {
    Path html = PAGES.resolve("stdio-chart.html").toAbsolutePath();
    List<String> command =
        new ArrayList<>(
            List.of("node", "mcp-results.mjs", chartProgram(), html.toString(), "stdio"));
    command.addAll(PackagedMcp.command("mcp", "--all-tenants", "--timeout", "10s"));

    JsonNode summary = NodeMcpClient.run(command);

    assertLinked(summary);
    assertThat(summary.at("/foreign/message").asString())
        .contains("for this client")
        .doesNotContain("INV-");
    assertChartApp(summary, html, "stdio");
  }

  @Test
  void http_largeResultAndChart_anotherTokenCannotReadTheLink() throws Exception {
    Path html = PAGES.resolve("http-chart.html").toAbsolutePath();
    try (PackagedMcp.HttpServer server = PackagedMcp.startHttp(dir)) {
      JsonNode summary =
          NodeMcpClient.run(
              List.of(
                  "node",
                  "mcp-results.mjs",
                  chartProgram(),
                  html.toString(),
                  "http",
                  server.endpoint().toString(),
                  PackagedMcp.SQL_TOKEN,
                  PackagedMcp.EMEA_TOKEN));

      assertLinked(summary);
      assertThat(summary.at("/foreign/message").asString()).contains("for this client");
      assertChartApp(summary, html, "http");
    }
  }

  @Test
  void stdio_linkPastItsTtl_isRefusedAsExpired() throws Exception {
    List<String> command = new ArrayList<>(List.of("node", "mcp-results.mjs", "-", "-", "expired"));
    command.addAll(
        PackagedMcp.command("mcp", "--all-tenants", "--timeout", "10s", "--result-ttl", "1ms"));

    JsonNode summary = NodeMcpClient.run(command);

    assertThat(summary.at("/large/resultLink/uri").asString()).startsWith("codemode://results/");
    JsonNode expired = summary.path("expired");
    assertThat(expired.path("refused").asBoolean()).as(expired.toString()).isTrue();
    assertThat(expired.path("code").asInt()).isEqualTo(-32002);
    assertThat(expired.path("message").asString())
        .contains("expired at")
        .contains("run the program again");
  }

  /** The large result: a bounded summary for the model, and pages that are the query's rows. */
  private static void assertLinked(JsonNode summary) {
    JsonNode large = summary.path("large");
    assertThat(large.path("isError").asBoolean(true)).as(large.toString()).isFalse();
    assertThat(large.path("textMatchesStructured").asBoolean()).isTrue();
    JsonNode link = large.path("resultLink");
    assertThat(link.path("rowCount").asInt()).as(link.toString()).isEqualTo(1200);
    assertThat(link.path("columns").valueStream().map(JsonNode::asString))
        .containsExactly("invoice_id", "region", "status", "amount_cents");
    assertThat(link.path("pages").asInt()).isEqualTo(3);
    assertThat(large.path("links").size()).isEqualTo(1);
    assertThat(large.at("/links/0/uri").asString()).isEqualTo(link.path("uri").asString());
    assertThat(large.at("/links/0/mimeType").asString()).isEqualTo("application/json");
    // The model reads a few rows, a few kilobytes, not the 1,200.
    assertThat(large.path("shown").size()).isBetween(1, 5);
    assertThat(large.path("shownAreTheFirstRows").asBoolean()).isTrue();
    assertThat(large.path("textBytes").asInt()).isLessThan(8 * 1024);

    assertThat(large.path("pagesRead").asInt()).isEqualTo(3);
    assertThat(large.path("rowsRead").asInt()).isEqualTo(1200);
    assertThat(summary.at("/query/count").asInt()).isEqualTo(1200);
    assertThat(large.path("readHash").asLong()).isEqualTo(summary.at("/query/hash").asLong());
    assertThat(summary.path("templates").valueStream().map(JsonNode::asString))
        .contains("codemode://results/{id}/pages/{page}", "ui://codemode4j/charts/{id}");

    JsonNode foreign = summary.path("foreign");
    assertThat(foreign.path("refused").asBoolean()).as(foreign.toString()).isTrue();
    assertThat(foreign.path("code").asInt()).isEqualTo(-32002);
  }

  /** The chart: linked as an MCP App, its spec as data, and its page drawn by Chromium offline. */
  private static void assertChartApp(JsonNode summary, Path html, String name) throws Exception {
    JsonNode chart = summary.path("chart");
    assertThat(chart.path("isError").asBoolean(true)).as(chart.toString()).isFalse();
    String uri = chart.at("/link/uri").asString();
    assertThat(uri).startsWith("ui://codemode4j/charts/");
    assertThat(chart.at("/link/mimeType").asString()).isEqualTo("text/html;profile=mcp-app");
    assertThat(chart.path("metaSpecMark").asString()).isEqualTo("line");
    assertThat(chart.at("/toolMeta/ui/resourceUri").asString()).isEqualTo("ui://codemode4j/chart");
    assertThat(chart.at("/app/listedMimeType").asString()).isEqualTo("text/html;profile=mcp-app");
    assertThat(chart.at("/app/mimeType").asString()).isEqualTo("text/html;profile=mcp-app");
    assertThat(chart.at("/app/meta/ui/csp/connectDomains").size()).isZero();
    assertThat(chart.at("/structured/uri").asString()).isEqualTo(uri);
    assertThat(chart.at("/structured/origin").asString()).isEqualTo("given");
    assertThat(chart.at("/structured/spec/mark/type").asString()).isEqualTo("line");
    assertThat(chart.at("/structured/spec/data").isMissingNode()).isTrue();
    assertThat(chart.at("/resource/mimeType").asString()).isEqualTo("text/html;profile=mcp-app");
    assertThat(chart.at("/resource/meta/ui/csp/connectDomains").size()).isZero();
    int rows = chart.path("rows").size();
    long regions =
        chart.path("rows").valueStream().map(r -> r.path("region").asString()).distinct().count();
    assertThat(chart.at("/structured/rows").asInt()).isEqualTo(rows);

    if (chromium == null) {
      chromium = Chromium.start(Path.of("target", "chromium-profile-mcp"));
    }
    Chromium.Tab tab = chromium.open();
    tab.navigate(html);
    assertThat(tab.evaluate("window.chartReady").asString()).isEqualTo("rendered");
    tab.screenshot(SCREENSHOTS.resolve("mcp-app-" + name + ".png"));
    assertThat(
            tab.evaluate(
                    "document.querySelectorAll('#chart svg g.mark-line.role-mark path').length")
                .asInt())
        .isEqualTo((int) regions);
    assertThat(
            tab.evaluate(
                    "document.querySelectorAll('#chart svg g.mark-symbol.role-mark path').length")
                .asInt())
        .isEqualTo(rows);
    assertThat(tab.errors()).isEmpty();
    assertThat(tab.requests()).containsOnly(html.toUri().toString());

    // The app as a host renders it: in a frame, sent the tool's result once it says it is ready.
    Path host = hostPage(html);
    Chromium.Tab hosted = chromium.open();
    hosted.navigate(host);
    String app = "document.getElementById('app').contentWindow";
    assertThat(hosted.evaluate("window.appReady").asString()).isEqualTo("initialized");
    assertThat(hosted.evaluate(app + ".chartReady").asString()).isEqualTo("rendered");
    hosted.screenshot(SCREENSHOTS.resolve("mcp-app-hosted-" + name + ".png"));
    String frame = app + ".document";
    assertThat(
            hosted
                .evaluate(
                    frame + ".querySelectorAll('#chart svg g.mark-line.role-mark path').length")
                .asInt())
        .isEqualTo((int) regions);
    assertThat(
            hosted
                .evaluate(
                    frame + ".querySelectorAll('#chart svg g.mark-symbol.role-mark path').length")
                .asInt())
        .isEqualTo(rows);
    assertThat(hosted.errors()).isEmpty();
    assertThat(hosted.requests()).containsOnly(host.toUri().toString());
  }

  /**
   * A page playing the host of MCP Apps: the app's page in a frame ({@code srcdoc}, so the test
   * reads into it), answering its {@code ui/initialize} and then sending it the tool's result.
   */
  private static Path hostPage(Path html) throws Exception {
    JsonMapper json = JsonMapper.builder().build();
    String app = Files.readString(Path.of(html + ".app.html"));
    String result = Files.readString(Path.of(html + ".result.json"));
    String page =
        """
        <!doctype html>
        <html><head><meta charset="utf-8"><title>host</title></head><body>
        <iframe id="app" sandbox="allow-scripts allow-same-origin" style="width:900px;height:600px"></iframe>
        <script type="application/json" id="app-html">%s</script>
        <script type="application/json" id="tool-result">%s</script>
        <script>
        const frame = document.getElementById('app');
        let ready;
        window.appReady = new Promise((resolve) => { ready = resolve; });
        window.addEventListener('message', (event) => {
          const m = event.data;
          if (event.source !== frame.contentWindow || !m || m.jsonrpc !== '2.0') return;
          if (m.method === 'ui/initialize') {
            frame.contentWindow.postMessage({jsonrpc: '2.0', id: m.id, result: {
              protocolVersion: m.params.protocolVersion, hostInfo: {name: 'test-host', version: '1'},
              hostCapabilities: {}, hostContext: {}}}, '*');
          } else if (m.method === 'ui/notifications/initialized') {
            const result = JSON.parse(document.getElementById('tool-result').textContent);
            frame.contentWindow.postMessage(
                {jsonrpc: '2.0', method: 'ui/notifications/tool-result', params: result}, '*');
            ready('initialized');
          }
        });
        frame.srcdoc = JSON.parse(document.getElementById('app-html').textContent);
        </script></body></html>
        """
            .formatted(
                json.writeValueAsString(app).replace("<", "\\u003c"),
                result.replace("<", "\\u003c"));
    Path host = Path.of(html + ".host.html");
    Files.writeString(host, page);
    return host;
  }
}
