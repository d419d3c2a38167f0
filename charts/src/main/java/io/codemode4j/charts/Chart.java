package io.codemode4j.charts;

import io.codemode4j.charts.ChartException.Reason;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A chart of a result: a Vega-Lite spec and the rows it draws, checked when made. The spec passes
 * the JSON Schema of the bundled Vega-Lite, is at most 64 KiB and 24 levels deep, and carries no
 * data, URL, image, link or expression; the rows are at most 5,000 objects, 4 MiB and 8 levels
 * deep. A chart that fails any check is never made: {@link ChartException} says which and why.
 *
 * <p>{@link #vegaLite()} is the spec with the rows embedded (exact decimals drawn as numbers and
 * kept as text for the tooltip), and {@link #html(String)} the page that draws it offline.
 *
 * @param spec the Vega-Lite spec without data (a copy; {@code $schema} is dropped)
 * @param rows the rows it draws (a copy)
 * @param origin whether the program gave the spec or it was proposed from the rows' shape
 */
public record Chart(ObjectNode spec, ArrayNode rows, Origin origin) {

  /** Where a chart's spec came from. */
  public enum Origin {
    /** The program (or the agent's answer) gave it. */
    GIVEN,
    /** Proposed from the shape of the rows. */
    PROPOSED
  }

  /** The Vega-Lite version the page draws with, and whose JSON Schema a spec must pass. */
  public static final String VEGA_LITE_SCHEMA = "https://vega.github.io/schema/vega-lite/v6.json";

  /** The most rows a chart draws. */
  public static final int MAX_ROWS = ChartData.MAX_ROWS;

  /**
   * @throws ChartException when the spec or the rows fail a check
   */
  public Chart {
    Objects.requireNonNull(spec, "spec");
    Objects.requireNonNull(rows, "rows");
    Objects.requireNonNull(origin, "origin");
    spec = SpecScreen.screened(spec);
    rows = ChartData.checkedRows(rows);
    VegaLiteSchema.check(spec);
  }

  /**
   * The chart a program gave: {@code spec} over {@code rows}.
   *
   * @throws ChartException when either fails a check (a spec that is not an object, rows that are
   *     not a list of objects among them)
   */
  public static Chart of(JsonNode spec, JsonNode rows) {
    Objects.requireNonNull(spec, "spec");
    Objects.requireNonNull(rows, "rows");
    if (!spec.isObject()) {
      throw new ChartException(
          Reason.NOT_VEGA_LITE,
          "a chart is a Vega-Lite spec, a JSON object; got " + spec.getNodeType());
    }
    return new Chart((ObjectNode) spec, ChartData.checkedRows(rows), Origin.GIVEN);
  }

  /**
   * The chart the rows' shape suggests (a time and measures: a line; a category and one measure:
   * bars; two measures: points), or empty for any other shape, for no rows and for more than {@link
   * #MAX_ROWS} of them. It draws the rows as they are and adds nothing to them.
   */
  public static Optional<Chart> proposed(JsonNode rows) {
    Objects.requireNonNull(rows, "rows");
    if (!rows.isArray() || rows.isEmpty() || rows.size() > MAX_ROWS) {
      return Optional.empty();
    }
    for (JsonNode row : rows) {
      if (!row.isObject()) {
        return Optional.empty();
      }
    }
    Optional<ObjectNode> spec = Proposal.spec(Columns.of(rows));
    if (spec.isEmpty()) {
      return spec.map(s -> null);
    }
    try {
      return Optional.of(new Chart(spec.get(), (ArrayNode) rows, Origin.PROPOSED));
    } catch (ChartException e) {
      if (e.reason() == Reason.NOT_VEGA_LITE) {
        throw new IllegalStateException("codemode4j-charts proposed an invalid spec", e);
      }
      // Rows too large or too deep to draw: a proposal is only ever offered, never refused.
      return Optional.empty();
    }
  }

  /**
   * The chart of a program's result: the spec it returned under {@code chart} over its rows (the
   * result itself when it is a list, else its {@code rows}, else its only list of objects), or else
   * the chart those rows suggest. {@code chart: false} or {@code null} asks for none.
   *
   * @throws ChartException when the result gives a chart that fails a check, or gives one without
   *     rows it can draw
   */
  public static Optional<Chart> ofResult(JsonNode result) {
    Objects.requireNonNull(result, "result");
    JsonNode given = result.isObject() ? result.get("chart") : null;
    if (given != null && (given.isNull() || (given.isBoolean() && !given.asBoolean()))) {
      return Optional.empty();
    }
    Optional<JsonNode> rows = rowsOf(result);
    if (given == null) {
      return rows.flatMap(Chart::proposed);
    }
    JsonNode drawn =
        rows.orElseThrow(
            () ->
                new ChartException(
                    Reason.NO_ROWS,
                    "the result gives a chart but no rows for it to draw: return"
                        + " {rows: [...], chart: {...}}"));
    return Optional.of(of(given, drawn));
  }

  /** The result's rows: itself, its {@code rows}, or its only field that is a list of objects. */
  private static Optional<JsonNode> rowsOf(JsonNode result) {
    if (result.isArray()) {
      return Optional.of(result);
    }
    if (!result.isObject()) {
      return Optional.empty();
    }
    JsonNode named = result.get("rows");
    if (named != null && named.isArray()) {
      return Optional.of(named);
    }
    List<JsonNode> lists = new ArrayList<>();
    for (Map.Entry<String, JsonNode> field : result.properties()) {
      JsonNode value = field.getValue();
      if (value.isArray() && !value.isEmpty() && value.get(0).isObject()) {
        lists.add(value);
      }
    }
    return lists.size() == 1 ? Optional.of(lists.getFirst()) : Optional.empty();
  }

  /**
   * The complete Vega-Lite spec: {@link #spec()} with the rows embedded as inline values, and a
   * tooltip of every column where a single view gives none.
   */
  public ObjectNode vegaLite() {
    Columns columns = Columns.of(rows);
    ObjectNode full = spec.objectNode();
    full.put("$schema", VEGA_LITE_SCHEMA);
    full.putObject("data").set("values", ChartData.embedded(rows, columns));
    full.setAll(spec.deepCopy());
    JsonNode encoding = full.get("encoding");
    if (encoding instanceof ObjectNode single && full.has("mark") && !single.has("tooltip")) {
      single.set("tooltip", ChartData.tooltip(columns));
    }
    return full;
  }

  /**
   * A self-contained HTML page that draws this chart: the renderer inlined, the rows embedded, and
   * a Content-Security-Policy under which the page fetches nothing.
   */
  public String html(String title) {
    Objects.requireNonNull(title, "title");
    return ChartPage.html(vegaLite(), title);
  }
}
