package io.codemode4j.mcp.internal;

import io.codemode4j.charts.Chart;
import io.codemode4j.charts.ChartApp;
import io.codemode4j.charts.ChartException;
import io.codemode4j.mcp.ResultLinks;
import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * A pass's chart as an MCP App (the {@code io.modelcontextprotocol/ui} extension): the chart the
 * result gives or its shape suggests ({@link Chart#ofResult}), shown three ways.
 *
 * <ul>
 *   <li>For hosts that render apps: {@code run_javascript} declares the app {@value #APP_URI}
 *       ({@code _meta.ui.resourceUri}; MIME type {@value #MIME_TYPE}), one page for every result,
 *       and each result with a chart carries its complete spec in {@code _meta} ({@link ChartApp}),
 *       which the host sends the app and not the model.
 *   <li>A page per chart, self-contained (its rows embedded), {@code ui://codemode4j/charts/{id}},
 *       linked from the result by a {@code resource_link}: for hosts that open links, or save it.
 *   <li>For hosts that render no apps: {@code structuredContent.chart}, the spec without its data
 *       (the rows are the result's), where it came from, and the page's link.
 * </ul>
 *
 * <p>Decided: both pages draw with the renderer inlined under a policy that fetches nothing, and
 * their {@code _meta.ui.csp} asks for no domain. A chart's page is kept, bounded and expired like a
 * large result, readable only by its client.
 */
public final class ChartLinks {

  /** The MCP Apps MIME type of an app's HTML. */
  public static final String MIME_TYPE = ChartApp.MIME_TYPE;

  static final String PREFIX = "ui://codemode4j/charts/";

  /** The template of every chart's URI. */
  public static final String TEMPLATE = PREFIX + "{id}";

  private static final Pattern CHART = Pattern.compile("ui://codemode4j/charts/([0-9a-f-]{36})");
  private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

  /**
   * The chart's part of the tool result: the egress's {@code chart}, and when drawn the link to its
   * page and the result's {@code _meta} for the app.
   */
  public record Linked(
      ObjectNode chart,
      McpSchema.@Nullable ResourceLink link,
      @Nullable Map<String, Object> meta) {}

  /** The app every run_javascript result is shown with, by a host that renders MCP Apps. */
  public static final String APP_URI = "ui://codemode4j/chart";

  /** A page's {@code _meta.ui}: no domain to connect to or load from, and a border. */
  private static final Map<String, Object> UI_META =
      Map.of(
          "ui",
          Map.of(
              "csp",
              Map.of("connectDomains", List.of(), "resourceDomains", List.of()),
              "prefersBorder",
              true));

  private static final JsonMapper JSON_MAPPER = JsonMapper.builder().build();

  private final ResultStore<Chart> store;
  private final String appPage = ChartApp.html("Chart of the result");

  public ChartLinks(ResultLinks links, Clock clock) {
    this.store = new ResultStore<>("chart", links, clock);
  }

  /** The template a host reads chart apps by. */
  public McpSchema.ResourceTemplate template() {
    return McpSchema.ResourceTemplate.builder()
        .uriTemplate(TEMPLATE)
        .name("chart")
        .title("A result's chart, as an MCP App")
        .description(
            "A self-contained page drawing a run_javascript result's Vega-Lite chart; it loads"
                + " nothing from the network.")
        .mimeType(MIME_TYPE)
        .build();
  }

  /**
   * The chart of {@code result} for {@code owner}: null when the result gives none and its shape
   * suggests none; a {@code chart: {error}} when the chart it gives fails a check.
   */
  public @Nullable Linked link(String owner, JsonNode result) {
    Optional<Chart> chart;
    try {
      chart = Chart.ofResult(result);
    } catch (ChartException e) {
      ObjectNode refused = JSON.objectNode();
      refused.put("error", e.getMessage());
      return new Linked(refused, null, null);
    }
    if (chart.isEmpty()) {
      return null;
    }
    Chart drawn = chart.get();
    long bytes =
        (drawn.rows().toString() + drawn.spec().toString()).getBytes(StandardCharsets.UTF_8).length;
    ResultStore.Kept kept = store.put(owner, drawn, bytes);
    if (kept == null) {
      return null;
    }
    String uri = PREFIX + kept.id();
    ObjectNode json = JSON.objectNode().put("uri", uri).put("mimeType", MIME_TYPE);
    json.put("origin", drawn.origin().name().toLowerCase(Locale.ROOT));
    json.put("rows", drawn.rows().size());
    json.set("spec", drawn.spec());
    json.put("expiresAt", kept.expiresAt().toString());
    McpSchema.ResourceLink link =
        McpSchema.ResourceLink.builder()
            .uri(uri)
            .name("chart")
            .title("Chart of the result")
            .description(
                "The result's chart ("
                    + json.get("origin").asString()
                    + ", "
                    + drawn.rows().size()
                    + " rows) as an MCP App: a page that draws it offline.")
            .mimeType(MIME_TYPE)
            .build();
    return new Linked(json, link, meta(drawn));
  }

  /**
   * The chart page {@code uri} names, for {@code owner}.
   *
   * @throws McpError resource not found: no such chart, or it expired, was evicted or is another
   *     client's
   */
  public McpSchema.ReadResourceResult read(String owner, String uri) {
    Matcher m = CHART.matcher(uri);
    if (!m.matches()) {
      throw McpError.builder(McpSchema.ErrorCodes.RESOURCE_NOT_FOUND)
          .message("no chart " + JsonRpcErrors.shortened(uri) + ": a chart's URI is " + TEMPLATE)
          .data(uri)
          .build();
    }
    Chart chart = store.get(owner, m.group(1), uri);
    String title =
        chart.spec().path("title").isString()
            ? chart.spec().path("title").asString()
            : "Chart of the result";
    return new McpSchema.ReadResourceResult(
        List.of(new McpSchema.TextResourceContents(uri, MIME_TYPE, chart.html(title), UI_META)));
  }

  /** The tool result's {@code _meta}: the complete spec for the app ({@link ChartApp#meta}). */
  @SuppressWarnings("unchecked")
  private static Map<String, Object> meta(Chart chart) {
    return JSON_MAPPER.convertValue(ChartApp.meta(chart), Map.class);
  }

  /** The tool's {@code _meta}: the app a host shows its results with. */
  public static Map<String, Object> toolMeta() {
    return Map.of("ui", Map.of("resourceUri", APP_URI));
  }

  /**
   * The app's page, a resource of the server: it draws the chart each result's {@code _meta}
   * carries.
   */
  public McpFeatures.ResourceFeature app() {
    return new McpFeatures.ResourceFeature(
        McpSchema.Resource.builder()
            .uri(APP_URI)
            .name("chart-app")
            .title("Chart of a result")
            .description(
                "The MCP App run_javascript results are shown with: it draws the result's chart,"
                    + " offline, or says it has none.")
            .mimeType(MIME_TYPE)
            .build(),
        appPage,
        UI_META);
  }
}
