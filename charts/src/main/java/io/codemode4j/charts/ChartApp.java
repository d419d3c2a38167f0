package io.codemode4j.charts;

import java.util.Objects;
import tools.jackson.databind.node.ObjectNode;

/**
 * A chart as an MCP App (the {@code io.modelcontextprotocol/ui} extension): one page for every
 * result of a tool, which a host renders in a sandboxed frame and sends the tool's result to. The
 * page is {@link Chart#html}'s without data: the renderer inlined under the same policy (it fetches
 * nothing), and a boot that connects to its host over {@code postMessage} ({@code ui/initialize},
 * then {@code ui/notifications/initialized}) and draws the complete spec the result carries under
 * {@code _meta[}{@value #META_KEY}{@code ]} ({@link Chart#vegaLite()}) when the host sends it
 * ({@code ui/notifications/tool-result}).
 *
 * <p>Decided: the spec travels in the result's {@code _meta}, which hosts give the app and not the
 * model, so the rows a chart draws never add to what the model reads.
 */
public final class ChartApp {

  /** The MIME type of an MCP App's page. */
  public static final String MIME_TYPE = "text/html;profile=mcp-app";

  /** Where in a tool result's {@code _meta} the app finds the spec it draws. */
  public static final String META_KEY = "io.codemode4j/chart";

  private ChartApp() {}

  /** The app's page, titled {@code title}. */
  public static String html(String title) {
    Objects.requireNonNull(title, "title");
    return ChartPage.app(title);
  }

  /** What a tool result's {@code _meta} carries for the app to draw {@code chart}. */
  public static ObjectNode meta(Chart chart) {
    ObjectNode meta = chart.spec().objectNode();
    meta.set(META_KEY, chart.vegaLite());
    return meta;
  }
}
