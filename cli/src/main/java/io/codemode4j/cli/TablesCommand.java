package io.codemode4j.cli;

import io.codemode4j.warehouse.Column;
import io.codemode4j.warehouse.TableSchema;
import io.codemode4j.warehouse.WarehouseException;
import io.codemode4j.warehouse.engine.DescribedWarehouse;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/** {@code codemode tables}: the allowlisted tables and views with their columns and types. */
@Command(
    name = "tables",
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {"0:printed", "1:the warehouse cannot be opened", "2:usage error"},
    mixinStandardHelpOptions = true,
    description = "List the allowlisted tables with their columns and types.")
final class TablesCommand implements Callable<Integer> {

  private static final List<Column> COLUMNS =
      List.of(
          new Column("table", "VARCHAR"),
          new Column("column", "VARCHAR"),
          new Column("type", "VARCHAR"));

  @Spec CommandSpec spec;

  @Mixin DataOptions data;

  @Option(
      names = "--format",
      defaultValue = "table",
      paramLabel = "FORMAT",
      description =
          "table, json, jsonl, csv or markdown, in any case (default: ${DEFAULT-VALUE}); json"
              + " and jsonl give one object per table, the others one row per column.")
  OutputFormat format;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    try (DescribedWarehouse described = data.open()) {
      List<TableSchema> tables = described.warehouse().tables();
      if (format == OutputFormat.json || format == OutputFormat.jsonl) {
        ArrayNode json = JsonNodeFactory.instance.arrayNode();
        for (TableSchema table : tables) {
          ObjectNode entry = json.addObject().put("name", table.name());
          ArrayNode columns = entry.putArray("columns");
          table
              .columns()
              .forEach(c -> columns.addObject().put("name", c.name()).put("type", c.type()));
        }
        if (format == OutputFormat.json) {
          out.println(json);
        } else {
          json.forEach(out::println);
        }
      } else {
        List<ObjectNode> rows = new ArrayList<>();
        for (TableSchema table : tables) {
          for (Column column : table.columns()) {
            rows.add(
                JsonNodeFactory.instance
                    .objectNode()
                    .put("table", table.name())
                    .put("column", column.name())
                    .put("type", column.type()));
          }
        }
        switch (format) {
          case csv -> RowPrinter.csv(out, COLUMNS, rows);
          case markdown -> RowPrinter.markdown(out, COLUMNS, rows);
          default -> RowPrinter.table(out, COLUMNS, rows);
        }
      }
      out.flush();
      return CodemodeCli.EXIT_OK;
    } catch (WarehouseException e) {
      spec.commandLine().getErr().println("error: " + TerminalText.message(e));
      return CodemodeCli.EXIT_FAILED;
    }
  }
}
