package io.codemode4j.cli;

import static io.codemode4j.cli.TerminalText.Context.CELL;
import static io.codemode4j.cli.TerminalText.Context.CSV_FIELD;
import static io.codemode4j.cli.TerminalText.escape;

import io.codemode4j.warehouse.Column;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.SequenceWriter;
import tools.jackson.dataformat.csv.CsvMapper;
import tools.jackson.dataformat.csv.CsvSchema;

/**
 * Prints rows as an aligned text table or as CSV (RFC 4180 quoting by Jackson's CSV writer). Cells
 * and column names are data, so both pass through {@link TerminalText}: a table as {@link
 * TerminalText.Context#CELL} (one line per row), CSV as {@link TerminalText.Context#CSV_FIELD}
 * (still valid CSV: a field with a line feed is quoted by the writer).
 */
final class RowPrinter {

  /**
   * Built on first use of {@link #csv}, so a table (the default format) does not pay for a CSV
   * mapper.
   */
  private static final class Csv {
    static final CsvMapper MAPPER = CsvMapper.builder().build();
  }

  private RowPrinter() {}

  static void table(PrintWriter out, List<Column> columns, List<? extends JsonNode> rows) {
    List<String[]> cells = new ArrayList<>(rows.size());
    String[] header = new String[columns.size()];
    int[] widths = new int[columns.size()];
    for (int c = 0; c < columns.size(); c++) {
      header[c] = escape(columns.get(c).name(), CELL);
      widths[c] = header[c].length();
    }
    for (JsonNode row : rows) {
      String[] line = new String[columns.size()];
      for (int c = 0; c < columns.size(); c++) {
        line[c] = escape(text(row.get(columns.get(c).name()), "NULL"), CELL);
        widths[c] = Math.max(widths[c], line[c].length());
      }
      cells.add(line);
    }
    StringBuilder rule = new StringBuilder();
    for (int c = 0; c < columns.size(); c++) {
      rule.append(c == 0 ? "" : "-+-").append("-".repeat(widths[c]));
    }
    out.println(line(header, widths));
    out.println(rule);
    for (String[] line : cells) {
      out.println(line(line, widths));
    }
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

  private static String line(String[] cells, int[] widths) {
    StringBuilder sb = new StringBuilder();
    for (int c = 0; c < cells.length; c++) {
      if (c > 0) {
        sb.append(" | ");
      }
      sb.append(cells[c]).append(" ".repeat(widths[c] - cells[c].length()));
    }
    return sb.toString().stripTrailing();
  }

  private static String text(JsonNode value, String whenNull) {
    if (value == null || value.isNull()) {
      return whenNull;
    }
    return value.isValueNode() ? value.asString() : value.toString();
  }
}
