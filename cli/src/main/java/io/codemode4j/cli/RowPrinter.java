package io.codemode4j.cli;

import io.codemode4j.warehouse.Column;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.SequenceWriter;
import tools.jackson.dataformat.csv.CsvMapper;
import tools.jackson.dataformat.csv.CsvSchema;

/** Prints rows as an aligned text table or as CSV (RFC 4180 quoting by Jackson's CSV writer). */
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
    int[] widths = new int[columns.size()];
    for (int c = 0; c < columns.size(); c++) {
      widths[c] = columns.get(c).name().length();
    }
    for (JsonNode row : rows) {
      String[] line = new String[columns.size()];
      for (int c = 0; c < columns.size(); c++) {
        line[c] = text(row.get(columns.get(c).name()), "NULL");
        widths[c] = Math.max(widths[c], line[c].length());
      }
      cells.add(line);
    }
    StringBuilder rule = new StringBuilder();
    String[] header = new String[columns.size()];
    for (int c = 0; c < columns.size(); c++) {
      header[c] = columns.get(c).name();
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
    columns.forEach(column -> schema.addColumn(column.name()));
    try (SequenceWriter writer =
        Csv.MAPPER.writerFor(List.class).with(schema.build()).writeValues(out)) {
      for (JsonNode row : rows) {
        List<String> values = new ArrayList<>(columns.size());
        for (Column column : columns) {
          values.add(text(row.get(column.name()), ""));
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
