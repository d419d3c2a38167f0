package io.codemode4j.charts;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Chart pages in a real browser: each renders its marks as SVG with no console error (CSP
 * violations included) and no request beyond the page itself; a screenshot of each is kept under
 * {@code target/chart-screenshots} for the record. A hostile spec, put on a page without the checks
 * a {@link Chart} passes, still fetches nothing: the policy and the refusing loader stop it.
 */
class ChartBrowserIT {

  private static final JsonMapper JSON = JsonMapper.builder().build();
  private static final Path PAGES = Path.of("target", "chart-pages");
  private static final Path SCREENSHOTS = Path.of("target", "chart-screenshots");
  private static final String[] REGIONS = {"emea", "americas", "apac"};

  private static Chromium chromium;

  @BeforeAll
  static void startChromium() throws Exception {
    chromium = Chromium.start(Path.of("target", "chromium-profile"));
  }

  @AfterAll
  static void stopChromium() throws Exception {
    if (chromium != null) {
      chromium.close();
    }
  }

  /** 12 months by 3 regions, revenue as the warehouse writes DECIMAL: exact digits in a string. */
  static ArrayNode revenueByMonthAndRegion() {
    ArrayNode rows = JSON.createArrayNode();
    for (int month = 1; month <= 12; month++) {
      for (int r = 0; r < REGIONS.length; r++) {
        rows.addObject()
            .put("month", "2025-%02d-01".formatted(month))
            .put("region", REGIONS[r])
            .put(
                "revenue", "%d.%02d".formatted(100_000 + month * 7_919 * (r + 1), month * 3 % 100));
      }
    }
    return rows;
  }

  @Test
  void proposedLine_revenueByMonthAndRegion_drawsOneLinePerRegionAndAPointPerRow()
      throws Exception {
    Chromium.Tab tab =
        render(
            "revenue-by-month-and-region", Chart.proposed(revenueByMonthAndRegion()).orElseThrow());

    assertThat(
            tab.evaluate(
                    "document.querySelectorAll('#chart svg g.mark-line.role-mark path').length")
                .asInt())
        .isEqualTo(3);
    assertThat(
            tab.evaluate(
                    "document.querySelectorAll('#chart svg g.mark-symbol.role-mark path').length")
                .asInt())
        .isEqualTo(36);
    assertThat(tab.evaluate("document.querySelector('#chart svg').textContent").asString())
        .contains("Jan 2025")
        .contains("emea");
  }

  @Test
  void proposedBar_topCustomers_drawsOneBarPerCustomerAndItsExactRevenueInTheTooltip()
      throws Exception {
    ArrayNode rows = JSON.createArrayNode();
    String[] customers = {"Acme Corp", "Globex", "Initech", "Umbrella", "Hooli"};
    for (int i = 0; i < customers.length; i++) {
      rows.addObject()
          .put("customer", customers[i])
          .put("revenue", "%d.%02d".formatted(900_000 - i * 123_457, 10 + i));
    }
    Chromium.Tab tab = render("top-customers", Chart.proposed(rows).orElseThrow());

    assertThat(
            tab.evaluate(
                    "document.querySelectorAll('#chart svg g.mark-rect.role-mark path').length")
                .asInt())
        .isEqualTo(5);
    JsonNode box =
        tab.evaluate(
            "(() => { const r = document.querySelector('#chart svg g.mark-rect.role-mark path')"
                + ".getBoundingClientRect(); return {x: r.x + r.width / 2, y: r.y + r.height / 2}; })()");
    tab.call(
        "Input.dispatchMouseEvent",
        JSON.createObjectNode()
            .put("type", "mouseMoved")
            .put("x", box.get("x").asDouble())
            .put("y", box.get("y").asDouble()));
    String tooltip =
        tab.evaluate(
                "new Promise(done => requestAnimationFrame(() => done("
                    + "(document.getElementById('vg-tooltip-element') || {}).textContent || '')))")
            .asString();
    assertThat(tooltip).contains("Acme Corp").contains("900000.10");
  }

  @Test
  void givenSpec_arcOverTheRows_drawsOneSlicePerRow() throws Exception {
    ArrayNode rows = JSON.createArrayNode();
    rows.addObject().put("segment", "enterprise").put("revenue", "5100.25");
    rows.addObject().put("segment", "mid-market").put("revenue", "3100.50");
    rows.addObject().put("segment", "smb").put("revenue", "1200.75");
    ObjectNode spec =
        (ObjectNode)
            JSON.readTree(
                """
                {"mark": "arc", "title": "Revenue by segment",
                 "encoding": {"theta": {"field": "revenue", "type": "quantitative"},
                              "color": {"field": "segment", "type": "nominal"}}}
                """);
    Chromium.Tab tab = render("revenue-by-segment", Chart.of(spec, rows));

    assertThat(
            tab.evaluate("document.querySelectorAll('#chart svg g.mark-arc.role-mark path').length")
                .asInt())
        .isEqualTo(3);
  }

  @Test
  void hostileSpec_pastTheChecks_fetchesNothing() throws Exception {
    AtomicInteger hits = new AtomicInteger();
    HttpServer server =
        HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.createContext(
        "/",
        exchange -> {
          hits.incrementAndGet();
          exchange.sendResponseHeaders(200, -1);
          exchange.close();
        });
    server.start();
    try {
      String base = "http://127.0.0.1:" + server.getAddress().getPort();
      ObjectNode hostile =
          (ObjectNode)
              JSON.readTree(
                  """
                  {"$schema": "%1$s/schema.json",
                   "data": {"url": "%1$s/data.csv"},
                   "usermeta": {"embedOptions": {"loader": {"baseURL": "%1$s/"}}},
                   "layer": [
                     {"data": {"values": [{"u": "%1$s/image.png"}]},
                      "mark": {"type": "image", "width": 20, "height": 20},
                      "encoding": {"url": {"field": "u", "type": "nominal"},
                                   "href": {"field": "u", "type": "nominal"}}},
                     {"data": {"values": [{"a": 1}]},
                      "transform": [{"calculate": "'%1$s/expr'", "as": "b"}],
                      "mark": "text", "encoding": {"text": {"field": "b"}}}
                   ]}
                  """
                      .formatted(base));
      Path page = PAGES.resolve("hostile.html");
      Files.createDirectories(PAGES);
      Files.writeString(page, ChartPage.html(hostile, "hostile"));
      Chromium.Tab tab = chromium.open();
      tab.navigate(page);
      tab.evaluate("window.chartReady");
      tab.screenshot(SCREENSHOTS.resolve("hostile.png"));

      assertThat(tab.requests()).containsOnly(page.toUri().toString());
      assertThat(hits).hasValue(0);
      assertThat(tab.evaluate("document.querySelectorAll('img, image').length").asInt()).isZero();
    } finally {
      server.stop(0);
    }
  }

  /** Writes the chart's page, opens it and checks what every page must: drawn, quiet, offline. */
  private static Chromium.Tab render(String name, Chart chart) throws Exception {
    Path page = PAGES.resolve(name + ".html");
    Files.createDirectories(PAGES);
    Files.writeString(page, chart.html(name));
    Chromium.Tab tab = chromium.open();
    tab.navigate(page);

    assertThat(tab.evaluate("window.chartReady").asString()).isEqualTo("rendered");
    tab.screenshot(SCREENSHOTS.resolve(name + ".png"));
    assertThat(tab.errors()).isEmpty();
    assertThat(tab.requests()).containsOnly(page.toUri().toString());
    return tab;
  }
}
