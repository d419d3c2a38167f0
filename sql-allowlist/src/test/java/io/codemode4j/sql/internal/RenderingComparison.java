package io.codemode4j.sql.internal;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * Runs one query as written and as rendered on the same DuckDB and says how the two outcomes
 * differ, for {@link RenderingDifferentialIT} and {@link RenderingExactnessIT}.
 *
 * <p>Decided: the labels ({@code getColumnLabel}, the row keys the product exposes) and DuckDB's
 * type names must be equal, and the values exactly: each value is compared by its Java class and
 * its text, so {@code 1.7} and {@code 1.70}, {@code 2} as INTEGER and as BIGINT, are different
 * answers. Rows compare in order when the query's top-level ORDER BY sorts by every column, else as
 * multisets. One side failing and the other not is a difference; both failing is not (the query was
 * wrong as generated).
 */
final class RenderingComparison {

  /**
   * What differs. When both ran, labels, types and values are each checked: one may hide no other.
   */
  enum Aspect {
    WRITTEN_FAILS,
    RENDERED_FAILS,
    LABELS,
    TYPES,
    VALUES
  }

  /** A difference between the written and the rendered query's outcomes: what differs, and how. */
  record Difference(Set<Aspect> aspects, String detail) {}

  /** The result of running a query, or DuckDB's error message. */
  record Outcome(Warehouse.Result result, String error) {

    boolean failed() {
      return error != null;
    }

    @Override
    public String toString() {
      return failed()
          ? "error: " + error
          : result.columns() + " " + result.types() + " " + canonical(result.rows());
    }
  }

  private RenderingComparison() {}

  static Outcome run(Warehouse warehouse, String sql) {
    try {
      return new Outcome(warehouse.query(sql), null);
    } catch (SQLException e) {
      return new Outcome(null, firstLine(e.getMessage()));
    }
  }

  /** How {@code rendered} differs from {@code written}; empty when both agree, or both failed. */
  static Optional<Difference> difference(Outcome written, Outcome rendered, boolean ordered) {
    if (written.failed() || rendered.failed()) {
      if (written.failed() && rendered.failed()) {
        return Optional.empty();
      }
      return Optional.of(
          written.failed()
              ? new Difference(
                  EnumSet.of(Aspect.WRITTEN_FAILS),
                  "written fails (" + written.error() + "), rendered returns " + rendered)
              : new Difference(
                  EnumSet.of(Aspect.RENDERED_FAILS), "rendered fails (" + rendered.error() + ")"));
    }
    Warehouse.Result w = written.result();
    Warehouse.Result r = rendered.result();
    Set<Aspect> aspects = EnumSet.noneOf(Aspect.class);
    List<String> details = new ArrayList<>();
    if (!w.columns().equals(r.columns())) {
      aspects.add(Aspect.LABELS);
      details.add("labels " + w.columns() + " became " + r.columns());
    }
    if (!w.types().equals(r.types())) {
      aspects.add(Aspect.TYPES);
      details.add("types " + w.types() + " became " + r.types());
    }
    List<List<String>> writtenRows = rows(w, ordered);
    List<List<String>> renderedRows = rows(r, ordered);
    if (!writtenRows.equals(renderedRows)) {
      aspects.add(Aspect.VALUES);
      details.add(firstDifferentRow(writtenRows, renderedRows));
    }
    return aspects.isEmpty()
        ? Optional.empty()
        : Optional.of(new Difference(aspects, String.join("; ", details)));
  }

  private static List<List<String>> rows(Warehouse.Result result, boolean ordered) {
    List<List<String>> rows = canonical(result.rows());
    if (!ordered) {
      rows = new ArrayList<>(rows);
      rows.sort((a, b) -> String.join("\u0000", a).compareTo(String.join("\u0000", b)));
    }
    return rows;
  }

  /** Each value as its class and text: exact, and comparable across rows. */
  private static List<List<String>> canonical(List<List<Object>> rows) {
    return rows.stream()
        .map(row -> row.stream().map(RenderingComparison::canonical).toList())
        .toList();
  }

  static String canonical(Object value) {
    return value == null ? "NULL" : value.getClass().getSimpleName() + " " + value;
  }

  private static String firstDifferentRow(List<List<String>> written, List<List<String>> rendered) {
    int i = 0;
    while (i < written.size() && i < rendered.size() && written.get(i).equals(rendered.get(i))) {
      i++;
    }
    String writtenRow = i < written.size() ? written.get(i).toString() : "no row";
    String renderedRow = i < rendered.size() ? rendered.get(i).toString() : "no row";
    return written.size()
        + " rows became "
        + rendered.size()
        + "; row "
        + i
        + ": "
        + writtenRow
        + " became "
        + renderedRow;
  }

  private static String firstLine(String message) {
    String text = Objects.requireNonNullElse(message, "");
    int newline = text.indexOf('\n');
    return newline < 0 ? text : text.substring(0, newline);
  }
}
