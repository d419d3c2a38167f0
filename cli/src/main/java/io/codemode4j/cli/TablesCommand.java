package io.codemode4j.cli;

import io.codemode4j.warehouse.Column;
import io.codemode4j.warehouse.TableSchema;
import io.codemode4j.warehouse.Warehouse;
import io.codemode4j.warehouse.WarehouseException;
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
      description = "table, json or csv (default: ${DEFAULT-VALUE}).")
  OutputFormat format;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    try (Warehouse warehouse = data.openWarehouse()) {
      List<TableSchema> tables = warehouse.tables();
      if (format == OutputFormat.json) {
        ArrayNode json = JsonNodeFactory.instance.arrayNode();
        for (TableSchema table : tables) {
          ObjectNode entry = json.addObject().put("name", table.name());
          ArrayNode columns = entry.putArray("columns");
          table
              .columns()
              .forEach(c -> columns.addObject().put("name", c.name()).put("type", c.type()));
        }
        out.println(json);
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
        if (format == OutputFormat.csv) {
          RowPrinter.csv(out, COLUMNS, rows);
        } else {
          RowPrinter.table(out, COLUMNS, rows);
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
