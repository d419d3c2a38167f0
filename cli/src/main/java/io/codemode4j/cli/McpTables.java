package io.codemode4j.cli;

import io.codemode4j.mcp.TableResource;
import io.codemode4j.warehouse.Column;
import io.codemode4j.warehouse.TableSchema;
import io.codemode4j.warehouse.Warehouse;
import io.codemode4j.warehouse.WarehouseException;
import java.util.ArrayList;
import java.util.List;

/** The warehouse's allowlisted tables as the MCP server publishes them, with the host's notes. */
final class McpTables {

  private McpTables() {}

  /**
   * Each allowlisted table the database has, with its columns and notes.
   *
   * @throws WarehouseException when the warehouse cannot list its tables
   */
  static List<TableResource> of(Warehouse warehouse) throws WarehouseException {
    List<TableResource> tables = new ArrayList<>();
    for (TableSchema table : warehouse.tables()) {
      List<TableResource.Column> columns = new ArrayList<>();
      for (Column column : table.columns()) {
        columns.add(
            new TableResource.Column(
                column.name(),
                column.type(),
                warehouse.notes().column(table.name(), column.name()).orElse(null)));
      }
      tables.add(
          new TableResource(
              table.name(), warehouse.notes().table(table.name()).orElse(null), columns));
    }
    return tables;
  }
}
