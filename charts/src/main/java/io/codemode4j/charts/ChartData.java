package io.codemode4j.charts;

import io.codemode4j.charts.ChartException.Reason;
import io.codemode4j.charts.Columns.Column;
import io.codemode4j.charts.Columns.Kind;
import java.math.BigDecimal;
import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * The rows a chart draws: checked (a list of objects, bounded in count, size and depth) and
 * embedded in the spec, with each exact decimal drawn as a number and kept as its text for the
 * tooltip.
 */
final class ChartData {

  /** The most rows a chart draws. */
  static final int MAX_ROWS = 5_000;

  /** The largest rows, in bytes of their JSON. */
  static final int MAX_ROWS_BYTES = 4 * 1024 * 1024;

  /** The deepest nesting of a row's values. */
  static final int MAX_ROW_DEPTH = 8;

  /** The most fields a default tooltip lists. */
  static final int MAX_TOOLTIP_FIELDS = 12;

  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
  private static final JsonMapper JSON = JsonMapper.builder().build();

  private ChartData() {}

  /**
   * @throws ChartException when {@code rows} is not a bounded list of objects
   */
  static ArrayNode checkedRows(JsonNode rows) {
    if (!rows.isArray()) {
      throw new ChartException(
          Reason.NO_ROWS, "a chart draws a list of rows (JSON objects); got " + rows.getNodeType());
    }
    if (rows.isEmpty()) {
      throw new ChartException(Reason.NO_ROWS, "there are no rows to draw");
    }
    if (rows.size() > MAX_ROWS) {
      throw new ChartException(
          Reason.TOO_MANY_ROWS,
          rows.size()
              + " rows, more than the "
              + MAX_ROWS
              + " a chart draws; aggregate them in SQL first (GROUP BY, LIMIT)");
    }
    for (int i = 0; i < rows.size(); i++) {
      if (!rows.get(i).isObject()) {
        throw new ChartException(
            Reason.NO_ROWS,
            "row " + i + " is " + rows.get(i).getNodeType() + ", not an object of named columns");
      }
      checkDepth(rows.get(i), "row " + i, 0);
    }
    int bytes = JSON.writeValueAsBytes(rows).length;
    if (bytes > MAX_ROWS_BYTES) {
      throw new ChartException(
          Reason.TOO_LARGE,
          "the rows are " + bytes + " bytes of JSON, more than " + MAX_ROWS_BYTES);
    }
    return (ArrayNode) rows.deepCopy();
  }

  private static void checkDepth(JsonNode node, String where, int depth) {
    if (depth > MAX_ROW_DEPTH) {
      throw new ChartException(
          Reason.TOO_DEEP, where + " nests deeper than " + MAX_ROW_DEPTH + " levels");
    }
    for (JsonNode child : node) {
      checkDepth(child, where, depth + 1);
    }
  }

  /** The rows as the page embeds them: exact decimals as numbers, their text beside them. */
  static ArrayNode embedded(ArrayNode rows, Columns columns) {
    ArrayNode out = NODES.arrayNode(rows.size());
    for (JsonNode row : rows) {
      ObjectNode copy = out.addObject();
      for (Map.Entry<String, JsonNode> cell : row.properties()) {
        copy.set(cell.getKey(), cell.getValue().deepCopy());
      }
      for (Column column : columns.of(Kind.EXACT_MEASURE)) {
        JsonNode value = row.get(column.name());
        if (value != null && value.isString()) {
          copy.put(column.name(), new BigDecimal(value.asString()).doubleValue());
          copy.put(columns.exactField(column.name()), value.asString());
        }
      }
    }
    return out;
  }

  /**
   * A tooltip of every drawable column, in their order: times and exact decimals as their own text,
   * other numbers formatted by their type.
   */
  static ArrayNode tooltip(Columns columns) {
    ArrayNode tooltip = NODES.arrayNode();
    for (Column column : columns.list()) {
      if (column.kind() == Kind.OTHER || tooltip.size() == MAX_TOOLTIP_FIELDS) {
        continue;
      }
      ObjectNode entry = tooltip.addObject();
      switch (column.kind()) {
        case EXACT_MEASURE ->
            entry.put("field", field(columns.exactField(column.name()))).put("type", "nominal");
        case MEASURE ->
            entry
                .put("field", field(column.name()))
                .put("type", "quantitative")
                .put("format", numberFormat(column));
        default -> entry.put("field", field(column.name())).put("type", "nominal");
      }
      entry.put("title", column.name());
    }
    return tooltip;
  }

  /** Grouped thousands, and the column's own decimals (at most four). */
  static String numberFormat(Column column) {
    return column.integral() ? ",d" : ",." + Math.min(column.fractionDigits(), 4) + "~f";
  }

  /** A column name as a Vega-Lite field: dots and brackets would otherwise read as nesting. */
  static String field(String name) {
    return name.replace("\\", "\\\\").replace(".", "\\.").replace("[", "\\[").replace("]", "\\]");
  }
}
