package io.codemode4j.mcp;

import io.codemode4j.bridge.CodeMode;
import io.codemode4j.warehouse.Warehouse;
import io.codemode4j.warehouse.WarehouseException;

/**
 * The server builder of the tests, publishing a warehouse's tables as the CLI does: each table with
 * its columns and notes, and the notes' subject.
 */
final class ServedWarehouse {

  private ServedWarehouse() {}

  static CodeModeMcp.Builder builder(CodeMode codeMode, Warehouse warehouse)
      throws WarehouseException {
    return CodeModeMcp.builder(codeMode)
        .subject(warehouse.notes().subject())
        .tables(
            warehouse.tables().stream()
                .map(
                    table ->
                        new TableResource(
                            table.name(),
                            warehouse.notes().table(table.name()).orElse(null),
                            table.columns().stream()
                                .map(
                                    c ->
                                        new TableResource.Column(
                                            c.name(),
                                            c.type(),
                                            warehouse
                                                .notes()
                                                .column(table.name(), c.name())
                                                .orElse(null)))
                                .toList()))
                .toList());
  }
}
