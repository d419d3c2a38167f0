package io.codemode4j.warehouse;

import io.codemode4j.bridge.CodeMode;
import io.codemode4j.bridge.tool.Tool;
import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The default analyst toolkit over a {@link Warehouse}, as Code Mode tools:
 *
 * <ul>
 *   <li>{@code warehouse.query({sql, maxRows?})}: one allowlisted SQL query, answered in the JSON
 *       contract of {@link QueryResult#toJson()};
 *   <li>{@code warehouse.tables()}: the allowlisted tables and views with their columns;
 *   <li>{@code billing.customers({region?, segment?})}: customers ordered by name;
 *   <li>{@code billing.invoices({customer})}: one customer's invoices, oldest first.
 * </ul>
 *
 * <p>Every tool is {@code readonly} and every call is confined to the calling principal's tenant
 * ({@code CallContext.principal().tenant()}, a set of regions): all four read through the same
 * allowlist, tenant rewrite and read-only database identity. Install them with {@code
 * WarehouseTools.of(warehouse).installInto(CodeMode.builder()).build()}.
 */
public final class WarehouseTools {

  /**
   * The most rows one call returns: {@code warehouse.query}'s {@code maxRows} bound and default.
   */
  public static final int MAX_ROWS = 10_000;

  private final Tool query;
  private final Tool tables;
  private final Tool customers;
  private final Tool invoices;
  private final Map<String, Map<String, Tool>> toolkit;

  private WarehouseTools(Tool query, Tool tables, Tool customers, Tool invoices) {
    this.query = query;
    this.tables = tables;
    this.customers = customers;
    this.invoices = invoices;
    Map<String, Tool> warehouse = new LinkedHashMap<>();
    warehouse.put("query", query);
    warehouse.put("tables", tables);
    Map<String, Tool> billing = new LinkedHashMap<>();
    billing.put("customers", customers);
    billing.put("invoices", invoices);
    Map<String, Map<String, Tool>> namespaces = new LinkedHashMap<>();
    namespaces.put("warehouse", Collections.unmodifiableMap(warehouse));
    namespaces.put("billing", Collections.unmodifiableMap(billing));
    this.toolkit = Collections.unmodifiableMap(namespaces);
  }

  /**
   * The toolkit with the warehouse's own query timeout ({@link WarehouseConfig#queryTimeout()}).
   */
  public static WarehouseTools of(Warehouse warehouse) throws WarehouseException {
    return of(warehouse, warehouse.config().queryTimeout());
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
    List<TableSchema> tables = warehouse.tables();
    return new WarehouseTools(
        WarehouseQueryTools.query(scoped, tables),
        WarehouseQueryTools.tables(tables),
        BillingTools.customers(scoped),
        BillingTools.invoices(scoped));
  }

  /** {@code warehouse.query}; its native tool name is {@code warehouse_query}. */
  public Tool query() {
    return query;
  }

  /** {@code warehouse.tables}; its native tool name is {@code warehouse_tables}. */
  public Tool tables() {
    return tables;
  }

  /** {@code billing.customers}; its native tool name is {@code billing_customers}. */
  public Tool customers() {
    return customers;
  }

  /** {@code billing.invoices}; its native tool name is {@code billing_invoices}. */
  public Tool invoices() {
    return invoices;
  }

  /**
   * Namespace to method to tool, in declaration order: {@code warehouse.query}, {@code
   * warehouse.tables}, {@code billing.customers}, {@code billing.invoices}.
   */
  public Map<String, Map<String, Tool>> toolkit() {
    return toolkit;
  }

  /** Adds every method of {@link #toolkit()} to {@code builder} and returns it, for chaining. */
  public CodeMode.Builder installInto(CodeMode.Builder builder) {
    Objects.requireNonNull(builder, "builder");
    toolkit.forEach(
        (namespace, methods) ->
            methods.forEach((method, tool) -> builder.method(namespace, method, tool)));
    return builder;
  }
}
