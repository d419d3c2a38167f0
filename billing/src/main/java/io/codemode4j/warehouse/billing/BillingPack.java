package io.codemode4j.warehouse.billing;

import io.codemode4j.bridge.tool.Tool;
import io.codemode4j.warehouse.Warehouse;
import io.codemode4j.warehouse.WarehouseException;
import io.codemode4j.warehouse.config.WarehouseDescription;
import io.codemode4j.warehouse.pack.PackContext;
import io.codemode4j.warehouse.pack.ToolPack;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The billing tools as a pack ({@code packs: [billing]}): {@code billing.customers}, {@code
 * billing.invoices}, {@code billing.flagInvoice} and {@code billing.flags}, over the sample's
 * tables, flags kept where the front end's state is.
 */
public final class BillingPack implements ToolPack {

  /** The tables the tools read. */
  private static final List<String> TABLES = List.of("customers", "invoices");

  @Override
  public String name() {
    return "billing";
  }

  @Override
  public @Nullable String problem(WarehouseDescription description) {
    List<String> missing =
        TABLES.stream().filter(table -> !description.tables().containsKey(table)).toList();
    if (missing.isEmpty()) {
      return null;
    }
    return "its tools read the billing tables "
        + String.join(" and ", TABLES)
        + ", but the description lacks "
        + String.join(" and ", missing)
        + ": remove the pack, or describe those tables";
  }

  @Override
  public Map<String, Map<String, Tool>> tools(Warehouse warehouse, PackContext context)
      throws WarehouseException {
    FlagStore flags =
        switch (context.state()) {
          case PackContext.State.Directory directory -> FlagStore.embedded(directory.directory());
          case PackContext.State.Database database -> FlagStore.jdbc(database.jdbcUrl());
        };
    return Map.of("billing", BillingTools.of(warehouse, flags).methods());
  }
}
