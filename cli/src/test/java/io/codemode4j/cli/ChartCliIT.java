package io.codemode4j.cli;

import static io.codemode4j.agent.OpenAiWireServer.always;
import static org.assertj.core.api.Assertions.assertThat;

import io.codemode4j.agent.OpenAiWireServer;
import io.codemode4j.agent.OpenAiWireServer.Reply;
import io.codemode4j.charts.Chromium;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.JsonNodeFactory;

/**
 * {@code --chart} of run, query and ask over the bundled data: the page each writes renders in
 * headless Chromium with the marks its rows call for, quietly and offline; {@code --chart -} prints
 * the spec; a hostile chart is refused while the result is still printed; the packaged jar draws as
 * the build's classes do.
 */
class ChartCliIT {

  static final JsonMapper JSON = JsonMapper.builder().build();
  static final Path EXAMPLES = BomTest.ROOT.resolve("examples");
  static final Path SCREENSHOTS = Path.of("target", "chart-screenshots");

  private static Chromium chromium;

  @TempDir Path dir;

  private record Outcome(int exitCode, String out, String err) {}

  @BeforeAll
  static void startChromium() throws Exception {
    chromium = Chromium.start(Path.of("target", "chromium-profile-cli"));
  }

  @AfterAll
  static void stopChromium() throws Exception {
    if (chromium != null) {
      chromium.close();
    }
  }

  private static Outcome codemode(String... args) {
    List<String> all = new ArrayList<>(List.of(args));
    all.addAll(List.of("--data", System.getProperty("codemode.sampleDir")));
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int code =
        CodemodeCli.run(
            new PrintWriter(out, true), new PrintWriter(err, true), all.toArray(String[]::new));
    return new Outcome(code, out.toString(), err.toString());
  }

  /** Opens the page and checks what every chart page must: rendered, no error, nothing fetched. */
  private static Chromium.Tab open(Path page, String name) throws Exception {
    Chromium.Tab tab = chromium.open();
    tab.navigate(page);
    assertThat(tab.evaluate("window.chartReady").asString()).isEqualTo("rendered");
    tab.screenshot(SCREENSHOTS.resolve(name + ".png"));
    assertThat(tab.errors()).isEmpty();
    assertThat(tab.requests()).containsOnly(page.toUri().toString());
    return tab;
  }

  private static int marks(Chromium.Tab tab, String mark) throws Exception {
    return tab.evaluate(
            "document.querySelectorAll('#chart svg g.mark-" + mark + ".role-mark path').length")
        .asInt();
  }

  @Test
  void run_revenueByMonthAndRegionExample_writesAPageWithALinePerRegionAndAPointPerRow()
      throws Exception {
    Path page = dir.resolve("revenue.html");

    Outcome result =
        codemode(
            "run",
            "--chart",
            page.toString(),
            EXAMPLES.resolve("revenue-by-month-and-region.js").toString());

    assertThat(result.exitCode()).as(result.err()).isZero();
    assertThat(result.err()).contains("chart: " + page);
    JsonNode rows = JSON.readTree(result.out()).get("rows");
    assertThat(rows).hasSize(36);
    Chromium.Tab tab = open(page, "cli-run-revenue-by-month-and-region");
    assertThat(marks(tab, "line")).isEqualTo(3);
    assertThat(marks(tab, "symbol")).isEqualTo(36);
  }

  @Test
  void run_topCustomersExample_writesAPageWithABarPerCustomer() throws Exception {
    Path page = dir.resolve("top.html");

    Outcome result =
        codemode(
            "run",
            "--chart",
            page.toString(),
            EXAMPLES.resolve("top-customers-chart.js").toString());

    assertThat(result.exitCode()).as(result.err()).isZero();
    Chromium.Tab tab = open(page, "cli-run-top-customers");
    assertThat(marks(tab, "rect")).isEqualTo(10);
    assertThat(tab.evaluate("document.querySelector('#chart svg').textContent").asString())
        .contains(JSON.readTree(result.out()).at("/rows/0/customer").asString());
  }

  /**
   * The packaged jar and its lib/ carry the renderer: the page it writes draws as the tests' does.
   */
  @Test
  void packagedCli_runTopCustomersExample_writesAPageThatDraws() throws Exception {
    Path page = dir.resolve("packaged.html");

    PackagedCli.Outcome result =
        PackagedCli.run(
            dir,
            Map.of(),
            List.of(),
            "run",
            "--chart",
            page.toString(),
            EXAMPLES.resolve("top-customers-chart.js").toString(),
            "--data",
            System.getProperty("codemode.sampleDir"));

    assertThat(result.exitCode()).as(result.both()).isZero();
    assertThat(result.err()).contains("chart: " + page);
    Chromium.Tab tab = open(page, "cli-packaged-top-customers");
    assertThat(marks(tab, "rect")).isEqualTo(10);
  }

  @Test
  void query_chartDash_printsTheProposedSpecWithTheRowsInPlaceOfTheTable() {
    Outcome result =
        codemode(
            "query",
            "--chart",
            "-",
            "SELECT region, SUM(revenue) AS revenue FROM invoice_summary GROUP BY region");

    assertThat(result.exitCode()).as(result.err()).isZero();
    JsonNode spec = JSON.readTree(result.out());
    assertThat(spec.get("mark").asString()).isEqualTo("bar");
    assertThat(spec.at("/data/values")).hasSize(3);
    assertThat(spec.at("/data/values/0/revenue (exact)").asString()).matches("\\d+\\.\\d{2}");
  }

  @Test
  void run_hostileChart_isRefusedAndTheResultStillPrinted() throws Exception {
    Path program = dir.resolve("hostile.js");
    Files.writeString(
        program,
        "async () => ({rows: [{a: 'x', b: 1}], chart: {mark: 'bar', data: {url:"
            + " 'http://127.0.0.1:9/d.csv'}}})");
    Path page = dir.resolve("hostile.html");

    Outcome result = codemode("run", "--chart", page.toString(), program.toString());

    assertThat(result.exitCode()).isEqualTo(CodemodeCli.EXIT_FAILED);
    assertThat(result.err()).contains("chart refused (DATA_IN_SPEC)");
    assertThat(result.out()).contains("\"rows\"");
    assertThat(page).doesNotExist();
  }

  @Test
  void ask_revenueByMonthAndRegion_mentionsTheChartFileWhosePageDrawsTheProgramsRows()
      throws Exception {
    String program = Files.readString(EXAMPLES.resolve("revenue-by-month-and-region.js"));
    String arguments = "{\"code\":" + JsonNodeFactory.instance.stringNode(program).toString() + "}";
    Path page = dir.resolve("ask.html");
    try (OpenAiWireServer server =
        OpenAiWireServer.start(
            always(Reply.toolCall("call_1", "run_javascript", arguments)),
            always(
                Reply.text("{\"answer\": \"Revenue rose in every region.\", \"figures\": {}}")))) {

      Outcome result =
          codemode(
              "ask",
              "revenue by month and region",
              "--chart",
              page.toString(),
              "--base-url",
              server.baseUrl(),
              "--model",
              "scripted");

      assertThat(result.exitCode()).as(result.err()).isZero();
      assertThat(result.out().lines().toList())
          .containsExactly("Revenue rose in every region.", "chart: " + page);
      assertThat(server.received().getFirst().body().toString()).contains("A chart of the answer");
    }
    Chromium.Tab tab = open(page, "cli-ask-revenue-by-month-and-region");
    assertThat(marks(tab, "line")).isEqualTo(3);
    assertThat(marks(tab, "symbol")).isEqualTo(36);
  }
}
