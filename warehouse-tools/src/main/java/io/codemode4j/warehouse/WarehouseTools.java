package io.codemode4j.warehouse;

import io.codemode4j.bridge.CodeMode;
import io.codemode4j.bridge.tool.Tool;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * Any {@link Warehouse} as Code Mode tools:
 *
 * <ul>
 *   <li>{@code warehouse.query({sql, maxRows?})}: one allowlisted SQL query, answered in the JSON
 *       contract of {@link QueryResult#toJson()};
 *   <li>{@code warehouse.tables()}: the allowlisted tables and views with their columns.
 * </ul>
 *
 * <p>Both are {@code readonly} and every call is confined to the calling principal's tenant ({@code
 * CallContext.principal().tenant()}, a set of tenant key values). The query tool's description
 * names the warehouse's own tables and columns, read from the database when the toolkit is built,
 * with the host's {@link WarehouseNotes}. Install them with {@code
 * WarehouseTools.of(warehouse).installInto(CodeMode.builder()).build()}; a domain's typed tools
 * (the billing sample's {@code billing.*}) install beside them.
 */
public final class WarehouseTools {

  /**
   * The row cap of a warehouse with the default limits ({@link Warehouse#DEFAULT_MAX_ROWS}); {@code
   * warehouse.query}'s {@code maxRows} is bounded by, and defaults to, its warehouse's own cap.
   */
  public static final int MAX_ROWS = 10_000;

  private final Tool query;
  private final Tool tables;
  private final Map<String, Tool> methods;

  private WarehouseTools(Tool query, Tool tables) {
    this.query = query;
    this.tables = tables;
    Map<String, Tool> methods = new LinkedHashMap<>();
    methods.put("query", query);
    methods.put("tables", tables);
    this.methods = java.util.Collections.unmodifiableMap(methods);
  }

  /** The toolkit with the warehouse's own query timeout ({@link Warehouse#queryTimeout()}). */
  public static WarehouseTools of(Warehouse warehouse) throws WarehouseException {
    return of(warehouse, warehouse.queryTimeout());
  }

  /**
   * The toolkit whose queries are cancelled after {@code queryTimeout} (above zero, at most 1h); it
   * reads the warehouse's tables now, for the query tool's description.
   *
   * @throws WarehouseException when the tables cannot be read
   */
  public static WarehouseTools of(Warehouse warehouse, Duration queryTimeout)
      throws WarehouseException {
    Objects.requireNonNull(warehouse, "warehouse");
    ScopedWarehouse scoped = new ScopedWarehouse(warehouse, queryTimeout);
    var schema = warehouse.tables();
    return new WarehouseTools(
        WarehouseQueryTools.query(scoped, schema), WarehouseQueryTools.tables(schema));
  }

  /** {@code warehouse.query}; its native tool name is {@code warehouse_query}. */
  public Tool query() {
    return query;
  }

  /** {@code warehouse.tables}; its native tool name is {@code warehouse_tables}. */
  public Tool tables() {
    return tables;
  }

  /** Method name to tool, in declaration order: {@code query}, {@code tables}. */
  public Map<String, Tool> methods() {
    return methods;
  }

  /**
   * Adds {@code warehouse.query} and {@code warehouse.tables} to {@code builder} and returns it.
   */
  public CodeMode.Builder installInto(CodeMode.Builder builder) {
    Objects.requireNonNull(builder, "builder");
    methods.forEach((method, tool) -> builder.method("warehouse", method, tool));
    return builder;
  }
}
