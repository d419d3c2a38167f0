package io.codemode4j.charts;

import static io.codemode4j.charts.ChartData.field;

import io.codemode4j.charts.Columns.Column;
import io.codemode4j.charts.Columns.Kind;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * The chart a result's shape suggests, when a program gives none: a time and measures draw a line
 * (one per category, or one per measure); a category and one measure draw bars, largest first; two
 * measures draw points. Any other shape draws nothing: a guess that misleads is worse than a table.
 *
 * <p>Decided: columns that hold nested values or only nulls are left out of the shape; every other
 * column counts, so a result with a second category or a third measure gets no chart rather than
 * one that hides a column.
 */
final class Proposal {

  static final int WIDTH = 640;
  static final int HEIGHT = 320;

  /**
   * From this value on an axis has fewer ticks: grouped digits of that length (900,000) crowd each
   * other at the width a chart has.
   */
  static final double LARGE_FROM = 100_000;

  static final int TICKS_WHEN_LARGE = 5;

  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  private Proposal() {}

  static Optional<ObjectNode> spec(Columns columns) {
    List<Column> times = columns.of(Kind.TEMPORAL);
    List<Column> measures = columns.of(Kind.MEASURE, Kind.EXACT_MEASURE);
    List<Column> categories = columns.of(Kind.CATEGORY);
    if (times.size() == 1 && !measures.isEmpty() && categories.size() <= 1) {
      if (measures.size() == 1) {
        return Optional.of(line(times.getFirst(), measures.getFirst(), categories));
      }
      return categories.isEmpty()
          ? Optional.of(foldedLine(times.getFirst(), measures, columns.names()))
          : Optional.empty();
    }
    if (times.isEmpty() && categories.size() == 1 && measures.size() == 1) {
      return Optional.of(bar(categories.getFirst(), measures.getFirst()));
    }
    if (times.isEmpty() && categories.size() <= 1 && measures.size() == 2) {
      return Optional.of(point(measures.get(0), measures.get(1)));
    }
    return Optional.empty();
  }

  private static ObjectNode line(Column time, Column measure, List<Column> categories) {
    ObjectNode spec = base(lineMark());
    ObjectNode encoding = spec.putObject("encoding");
    encoding.set("x", timeAxis(time));
    encoding.set("y", measureAxis(measure));
    for (Column category : categories) {
      encoding.set("color", category(category));
    }
    return spec;
  }

  /** Several measures over time: one line each, folded into a measure name and its value. */
  private static ObjectNode foldedLine(Column time, List<Column> measures, Set<String> taken) {
    String key = unused("measure", taken);
    String value = unused("value", taken);
    ObjectNode spec = base(lineMark());
    ObjectNode fold = spec.putArray("transform").addObject();
    measures.forEach(m -> fold.withArray("fold").add(field(m.name())));
    fold.putArray("as").add(key).add(value);
    ObjectNode encoding = spec.putObject("encoding");
    encoding.set("x", timeAxis(time));
    boolean integral = measures.stream().allMatch(Column::integral);
    boolean large = measures.stream().anyMatch(m -> m.largest() >= LARGE_FROM);
    ObjectNode y = encoding.putObject("y").put("field", field(value)).put("type", "quantitative");
    if (large) {
      y.putObject("axis").put("tickCount", TICKS_WHEN_LARGE);
    } else if (integral) {
      y.putObject("axis").put("format", ",d").put("tickMinStep", 1);
    }
    encoding.putObject("color").put("field", field(key)).put("type", "nominal").put("title", key);
    return spec;
  }

  private static ObjectNode bar(Column category, Column measure) {
    ObjectNode spec = base(NODES.stringNode("bar"));
    ObjectNode encoding = spec.putObject("encoding");
    encoding.set("y", category(category).put("sort", "-x"));
    encoding.set("x", measureAxis(measure));
    return spec;
  }

  private static ObjectNode point(Column x, Column y) {
    ObjectNode spec = base(NODES.stringNode("point"));
    spec.put("height", HEIGHT);
    ObjectNode encoding = spec.putObject("encoding");
    ObjectNode xAxis = measureAxis(x);
    xAxis.putObject("scale").put("zero", false);
    ObjectNode yAxis = measureAxis(y);
    yAxis.putObject("scale").put("zero", false);
    encoding.set("x", xAxis);
    encoding.set("y", yAxis);
    return spec;
  }

  private static ObjectNode base(JsonNode mark) {
    ObjectNode spec = NODES.objectNode();
    spec.put("width", WIDTH);
    spec.set("mark", mark);
    return spec;
  }

  private static ObjectNode lineMark() {
    return NODES.objectNode().put("type", "line").put("point", true);
  }

  /**
   * A time on x: dates without a time are UTC to a browser, so they are shown in UTC; monthly
   * values are labelled by month.
   */
  private static ObjectNode timeAxis(Column time) {
    ObjectNode x =
        NODES
            .objectNode()
            .put("field", field(time.name()))
            .put("type", "temporal")
            .put("title", time.name());
    if (time.monthly()) {
      x.put("timeUnit", time.dateOnly() ? "utcyearmonth" : "yearmonth");
      x.putObject("axis").put("format", "%b %Y");
    } else if (time.dateOnly()) {
      x.putObject("scale").put("type", "utc");
    }
    return x;
  }

  private static ObjectNode measureAxis(Column measure) {
    ObjectNode axis =
        NODES
            .objectNode()
            .put("field", field(measure.name()))
            .put("type", "quantitative")
            .put("title", measure.name());
    if (measure.largest() >= LARGE_FROM) {
      axis.putObject("axis").put("tickCount", TICKS_WHEN_LARGE);
    } else if (measure.integral()) {
      axis.putObject("axis").put("format", ",d").put("tickMinStep", 1);
    }
    return axis;
  }

  private static ObjectNode category(Column category) {
    return NODES
        .objectNode()
        .put("field", field(category.name()))
        .put("type", "nominal")
        .put("title", category.name());
  }

  private static String unused(String name, Set<String> taken) {
    String candidate = name;
    while (taken.contains(candidate)) {
      candidate = "_" + candidate;
    }
    return candidate;
  }
}
