package io.codemode4j.cli;

import static io.codemode4j.cli.TerminalText.Context.CELL;
import static io.codemode4j.cli.TerminalText.Context.CSV_FIELD;
import static io.codemode4j.cli.TerminalText.escape;

import io.codemode4j.warehouse.Column;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.SequenceWriter;
import tools.jackson.dataformat.csv.CsvMapper;
import tools.jackson.dataformat.csv.CsvSchema;

/**
 * Prints rows as an aligned text table, a Markdown table, JSON Lines or CSV (RFC 4180 quoting by
 * Jackson's CSV writer). Cells and column names are data, so both pass through {@link
 * TerminalText}: a table as {@link TerminalText.Context#CELL} (one line per row), CSV as {@link
 * TerminalText.Context#CSV_FIELD} (still valid CSV: a field with a line feed is quoted by the
 * writer).
 */
final class RowPrinter {

  /**
   * Built on first use of {@link #csv}, so a table (the default format) does not pay for a CSV
   * mapper.
   */
  private static final class Csv {
    static final CsvMapper MAPPER = CsvMapper.builder().build();
  }

  /** SQL types (DuckDB's and PostgreSQL's names) whose values are numbers. */
  private static final Set<String> NUMERIC_TYPES =
      Set.of(
          "TINYINT",
          "SMALLINT",
          "INTEGER",
          "INT",
          "BIGINT",
          "HUGEINT",
          "UTINYINT",
          "USMALLINT",
          "UINTEGER",
          "UBIGINT",
          "UHUGEINT",
          "DECIMAL",
          "NUMERIC",
          "REAL",
          "FLOAT",
          "DOUBLE",
          "DOUBLE PRECISION",
          "INT2",
          "INT4",
          "INT8",
          "FLOAT4",
          "FLOAT8");

  private RowPrinter() {}

  /**
   * An aligned table for reading. Columns are measured in terminal columns ({@link DisplayWidth}),
   * numeric ones right-aligned. Decided: a line feed inside a cell is shown as psql shows it: the
   * cell continues on the next line and a {@code +} after a line says that its cell goes on, so a
   * multi-line note stays readable and every other cell stays in its column.
   */
  static void table(PrintWriter out, List<Column> columns, List<? extends JsonNode> rows) {
    int n = columns.size();
    boolean[] numeric = new boolean[n];
    String[][] header = new String[n][];
    int[] widths = new int[n];
    for (int c = 0; c < n; c++) {
      numeric[c] = isNumeric(columns.get(c), rows);
      header[c] = lines(columns.get(c).name());
      widths[c] = width(header[c]);
    }
    List<String[][]> cells = new ArrayList<>(rows.size());
    for (JsonNode row : rows) {
      String[][] line = new String[n][];
      for (int c = 0; c < n; c++) {
        line[c] = lines(text(row.get(columns.get(c).name()), "NULL"));
        widths[c] = Math.max(widths[c], width(line[c]));
      }
      cells.add(line);
    }
    StringBuilder rule = new StringBuilder();
    for (int c = 0; c < n; c++) {
      rule.append(c == 0 ? "" : "-+-").append("-".repeat(widths[c]));
    }
    print(out, header, widths, numeric);
    out.println(rule);
    for (String[][] line : cells) {
      print(out, line, widths, numeric);
    }
  }

  /**
   * A GitHub-flavoured Markdown table: numeric columns right-aligned ({@code ---:}), a {@code |} in
   * a cell written {@code \|} and a line feed {@code <br>}, so each row stays one table row.
   */
  static void markdown(PrintWriter out, List<Column> columns, List<? extends JsonNode> rows) {
    StringBuilder head = new StringBuilder("|");
    StringBuilder align = new StringBuilder("|");
    for (Column column : columns) {
      head.append(' ').append(markdownCell(column.name())).append(" |");
      align.append(isNumeric(column, rows) ? " ---: |" : " --- |");
    }
    out.println(head);
    out.println(align);
    for (JsonNode row : rows) {
      StringBuilder line = new StringBuilder("|");
      for (Column column : columns) {
        line.append(' ').append(markdownCell(text(row.get(column.name()), "NULL"))).append(" |");
      }
      out.println(line);
    }
  }

  /**
   * One JSON object per line (JSON Lines); Jackson escapes every control inside a string, so a row
   * is always one line.
   */
  static void jsonLines(PrintWriter out, List<? extends JsonNode> rows) {
    rows.forEach(out::println);
  }

  static void csv(PrintWriter out, List<Column> columns, List<? extends JsonNode> rows) {
    CsvSchema.Builder schema = CsvSchema.builder().setUseHeader(true);
    columns.forEach(column -> schema.addColumn(escape(column.name(), CSV_FIELD)));
    try (SequenceWriter writer =
        Csv.MAPPER.writerFor(List.class).with(schema.build()).writeValues(out)) {
      for (JsonNode row : rows) {
        List<String> values = new ArrayList<>(columns.size());
        for (Column column : columns) {
          values.add(escape(text(row.get(column.name()), ""), CSV_FIELD));
        }
        writer.write(values);
      }
    }
  }

  /** One table row, as many lines as its tallest cell, each continued cell marked {@code +}. */
  private static void print(PrintWriter out, String[][] cells, int[] widths, boolean[] numeric) {
    int height = 1;
    for (String[] cell : cells) {
      height = Math.max(height, cell.length);
    }
    for (int i = 0; i < height; i++) {
      StringBuilder sb = new StringBuilder();
      for (int c = 0; c < cells.length; c++) {
        if (c > 0) {
          sb.append("| ");
        }
        String part = i < cells[c].length ? cells[c][i] : "";
        sb.append(
            numeric[c]
                ? DisplayWidth.padLeft(part, widths[c])
                : DisplayWidth.padRight(part, widths[c]));
        sb.append(i + 1 < cells[c].length ? '+' : ' ');
      }
      out.println(sb.toString().stripTrailing());
    }
  }

  /** The lines of a cell's text, each escaped as a {@link TerminalText.Context#CELL}. */
  private static String[] lines(String text) {
    return Arrays.stream(text.split("\n", -1)).map(s -> escape(s, CELL)).toArray(String[]::new);
  }

  private static int width(String[] lines) {
    int width = 0;
    for (String line : lines) {
      width = Math.max(width, DisplayWidth.of(line));
    }
    return width;
  }

  private static String markdownCell(String text) {
    return String.join("<br>", lines(text)).replace("|", "\\|");
  }

  /**
   * A column of numbers: its SQL type is numeric, or (for a type this list lacks) every value it
   * has is a JSON number.
   */
  private static boolean isNumeric(Column column, List<? extends JsonNode> rows) {
    String type = column.type().toUpperCase(Locale.ROOT);
    int paren = type.indexOf('(');
    if (NUMERIC_TYPES.contains(paren < 0 ? type : type.substring(0, paren).strip())) {
      return true;
    }
    boolean any = false;
    for (JsonNode row : rows) {
      JsonNode value = row.get(column.name());
      if (value != null && !value.isNull()) {
        if (!value.isNumber()) {
          return false;
        }
        any = true;
      }
    }
    return any;
  }

  private static String text(JsonNode value, String whenNull) {
    if (value == null || value.isNull()) {
      return whenNull;
    }
    return value.isValueNode() ? value.asString() : value.toString();
  }
}
