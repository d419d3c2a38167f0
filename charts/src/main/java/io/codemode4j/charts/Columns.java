package io.codemode4j.charts;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import tools.jackson.databind.JsonNode;

/**
 * The columns of a result's rows, in the order they first appear, each typed by the values it
 * holds: the warehouse writes DECIMAL as a string of exact digits and DATE and TIMESTAMP as
 * ISO-8601 text, so those strings are measures and times here, not categories.
 *
 * <p>Decided: a column is typed by all its non-null values, never by its name; one value that does
 * not fit makes it a category (or, for nested values, a column no proposal draws).
 */
record Columns(List<Column> list) {

  /** What a column holds, as far as a chart is concerned. */
  enum Kind {
    /** ISO-8601 dates or date-times. */
    TEMPORAL,
    /** JSON numbers. */
    MEASURE,
    /** Strings of exact decimal digits (the warehouse's DECIMAL), drawn as numbers. */
    EXACT_MEASURE,
    /** Strings or booleans. */
    CATEGORY,
    /** Nested values, or nothing but nulls. */
    OTHER
  }

  /**
   * One column.
   *
   * @param fractionDigits the most digits after the decimal point among its numbers
   * @param monthly every value is the first day of a month (or a {@code YYYY-MM})
   * @param dateOnly every value is a date without a time, which browsers read as UTC
   * @param largest the largest absolute value among its numbers
   */
  record Column(
      String name,
      Kind kind,
      int fractionDigits,
      boolean monthly,
      boolean dateOnly,
      double largest) {

    boolean measure() {
      return kind == Kind.MEASURE || kind == Kind.EXACT_MEASURE;
    }

    boolean integral() {
      return fractionDigits == 0;
    }
  }

  private static final Pattern DECIMAL = Pattern.compile("-?(0|[1-9][0-9]*)(\\.[0-9]+)?");
  private static final Pattern DATE = Pattern.compile("\\d{4}-\\d{2}(-\\d{2})?");
  private static final Pattern DATE_TIME =
      Pattern.compile(
          "\\d{4}-\\d{2}-\\d{2}[T ]\\d{2}:\\d{2}(:\\d{2}(\\.\\d+)?)?(Z|[+-]\\d{2}(:?\\d{2})?)?");
  private static final Pattern FIRST_OF_MONTH =
      Pattern.compile("\\d{4}-\\d{2}(-01([T ]00:00(:00(\\.0+)?)?(Z|[+-]\\d{2}(:?\\d{2})?)?)?)?");

  Columns {
    list = List.copyOf(list);
  }

  /** The columns of {@code rows}, a list of JSON objects. */
  static Columns of(JsonNode rows) {
    Map<String, Stats> stats = new LinkedHashMap<>();
    for (JsonNode row : rows) {
      for (Map.Entry<String, JsonNode> cell : row.properties()) {
        stats.computeIfAbsent(cell.getKey(), k -> new Stats()).add(cell.getValue());
      }
    }
    List<Column> columns = new ArrayList<>();
    stats.forEach((name, s) -> columns.add(s.column(name)));
    return new Columns(columns);
  }

  Set<String> names() {
    return list.stream().map(Column::name).collect(Collectors.toSet());
  }

  List<Column> of(Kind... kinds) {
    Set<Kind> wanted = Set.of(kinds);
    return list.stream().filter(c -> wanted.contains(c.kind())).toList();
  }

  /** The field a column's exact text is kept under beside its number: unused by any column. */
  String exactField(String name) {
    Set<String> names = names();
    String field = name + " (exact)";
    while (names.contains(field)) {
      field = field + "'";
    }
    return field;
  }

  /** The values of one column so far, and which kinds they still fit. */
  private static final class Stats {
    private int values;
    private boolean numbers = true;
    private boolean decimals = true;
    private boolean times = true;
    private boolean flat = true;
    private boolean monthly = true;
    private boolean dateOnly = true;
    private int fractionDigits;
    private double largest;

    void add(JsonNode value) {
      if (value.isNull()) {
        return;
      }
      values++;
      if (value.isContainer()) {
        flat = false;
      }
      String text = value.isString() ? value.asString() : "";
      numbers &= value.isNumber();
      decimals &= value.isString() && DECIMAL.matcher(text).matches();
      boolean date = value.isString() && DATE.matcher(text).matches();
      times &= date || (value.isString() && DATE_TIME.matcher(text).matches());
      dateOnly &= date;
      monthly &= value.isString() && FIRST_OF_MONTH.matcher(text).matches();
      if (value.isNumber() || (value.isString() && DECIMAL.matcher(text).matches())) {
        String digits = value.isNumber() ? value.asString() : text;
        int point = digits.indexOf('.');
        boolean exponent = digits.contains("e") || digits.contains("E");
        int fraction = exponent ? 6 : point < 0 ? 0 : digits.length() - point - 1;
        if (value.isFloatingPointNumber() && value.asDouble() == Math.rint(value.asDouble())) {
          fraction = 0;
        }
        fractionDigits = Math.max(fractionDigits, fraction);
        double number = value.isNumber() ? value.asDouble() : Double.parseDouble(text);
        largest = Math.max(largest, Math.abs(number));
      }
    }

    Column column(String name) {
      Kind kind;
      if (values == 0 || !flat) {
        kind = Kind.OTHER;
      } else if (numbers) {
        kind = Kind.MEASURE;
      } else if (decimals) {
        kind = Kind.EXACT_MEASURE;
      } else if (times) {
        kind = Kind.TEMPORAL;
      } else {
        kind = Kind.CATEGORY;
      }
      boolean temporal = kind == Kind.TEMPORAL;
      return new Column(
          name, kind, fractionDigits, temporal && monthly, temporal && dateOnly, largest);
    }
  }
}
