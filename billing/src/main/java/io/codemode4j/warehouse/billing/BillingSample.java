package io.codemode4j.warehouse.billing;

import io.codemode4j.bridge.CodeMode;
import io.codemode4j.bridge.tool.Tool;
import io.codemode4j.engine.duckdb.DuckDbEngine;
import io.codemode4j.sql.SchemaExamples;
import io.codemode4j.sql.SqlAllowlist;
import io.codemode4j.sql.Tenant;
import io.codemode4j.sql.dialect.Dialect;
import io.codemode4j.warehouse.Warehouse;
import io.codemode4j.warehouse.WarehouseException;
import io.codemode4j.warehouse.WarehouseTools;
import io.codemode4j.warehouse.config.DescriptionException;
import io.codemode4j.warehouse.config.WarehouseDescription;
import io.codemode4j.warehouse.config.WarehouseDescriptions;
import io.codemode4j.warehouse.engine.DescribedWarehouses;
import io.codemode4j.warehouse.engine.EngineOpening;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The bundled billing sample as a warehouse: three parquet files ({@code customers}, {@code
 * invoices}, {@code invoice_lines}) and the view {@code invoice_summary}, keyed by tenant through
 * the {@code region} column, with notes on what every column means.
 *
 * <p>Decided: the sample is one warehouse description ({@link #DESCRIPTION}, this package's {@code
 * warehouse.yaml}) plus the billing tool pack, opened as a user's own description of their own
 * files is ({@link DescribedWarehouses}): nothing of it is built into the generic layers.
 */
public final class BillingSample {

  /** The sample's description, a classpath resource of this jar. */
  public static final String DESCRIPTION = "io/codemode4j/warehouse/billing/warehouse.yaml";

  /** The parquet files a data directory must hold, in load order (parents first). */
  public static final List<String> TABLE_FILES =
      List.of("customers.parquet", "invoices.parquet", "invoice_lines.parquet");

  private BillingSample() {}

  /**
   * The sample's description, serving the parquet files of {@code parquetDir}.
   *
   * @throws IllegalStateException when the bundled description cannot be read (a broken jar)
   */
  public static WarehouseDescription description(Path parquetDir) {
    try {
      return WarehouseDescriptions.loadResource(
          BillingSample.class.getClassLoader(), DESCRIPTION, parquetDir.toAbsolutePath());
    } catch (DescriptionException e) {
      throw new IllegalStateException("the bundled sample's description is broken: " + e, e);
    }
  }

  /**
   * The query of the view {@code invoice_summary}, its tables prefixed by {@code qualifier} (empty,
   * or a quoted schema and a dot), for every engine: one definition, so that the view answers the
   * same rows on DuckDB, PostgreSQL and Trino (the description's {@code view} is this with no
   * qualifier, which a test holds). Per region, customer name and month of issue, over invoices
   * that are not void: the invoice count and the revenue in currency units. Cents are summed as
   * integers and scaled by an exact DECIMAL product, so {@code revenue * 100} equals the summed
   * cents to the cent; a division through DOUBLE would not.
   */
  public static String invoiceSummaryQuery(String qualifier) {
    Objects.requireNonNull(qualifier, "qualifier");
    return """
        SELECT i.region AS region,
               c.name AS customer,
               CAST(date_trunc('month', i.issued_on) AS DATE) AS month,
               count(*) AS invoice_count,
               CAST(CAST(sum(i.amount_cents) AS DECIMAL(38,0)) * 0.01 AS DECIMAL(18,2)) AS revenue
        FROM %1$sinvoices i
        JOIN %1$scustomers c ON c.customer_id = i.customer_id
        WHERE i.status <> 'void'
        GROUP BY i.region, c.name, CAST(date_trunc('month', i.issued_on) AS DATE)
        """
        .formatted(qualifier);
  }

  /**
   * The sample's allowlist: its three tables and the view, each confined by region, the dialect's
   * default functions.
   */
  public static SqlAllowlist allowlist() {
    return builder().build();
  }

  /**
   * The sample's names for what refusals and advice show: {@code invoices} joined to {@code
   * customers} on {@code customer_id}, its {@code status} {@code 'paid'}, its {@code region}, the
   * dates it was issued and paid and its amount in cents.
   */
  public static final SchemaExamples EXAMPLES =
      new SchemaExamples(
          "invoices",
          "customers",
          "customer_id",
          "status",
          "paid",
          "region",
          "issued_on",
          "paid_on",
          "amount_cents");

  /**
   * {@link #allowlist()}'s configuration, to change before building (a dialect, a catalog, a size
   * limit), with the sample's {@link #EXAMPLES}.
   */
  public static SqlAllowlist.Builder builder() {
    return description(Path.of(".")).allowlist(Dialect.duckDb()).examples(EXAMPLES);
  }

  /**
   * The sample over the parquet files of {@code parquetDir}: loaded into a DuckDB file under {@code
   * cacheRoot} (built once per content), served read-only behind {@link #allowlist()}; each
   * tenant's queries run on a file of that tenant's rows alone.
   *
   * @throws WarehouseException of kind {@code UNAVAILABLE} when a file is missing, has the wrong
   *     columns, or the cache directory cannot be written, with a message that names what to fix
   */
  public static Warehouse open(Path parquetDir, Path cacheRoot) throws WarehouseException {
    return open(parquetDir, cacheRoot, Warehouse.DEFAULT_MAX_RESULT_BYTES);
  }

  /**
   * {@link #open(Path, Path)} with a result byte limit of its own ({@link
   * Warehouse.Builder#maxResultBytes}), e.g. for a person reading rows rather than a model.
   *
   * @throws WarehouseException as {@link #open(Path, Path)}
   */
  public static Warehouse open(Path parquetDir, Path cacheRoot, int maxResultBytes)
      throws WarehouseException {
    WarehouseDescription description = description(parquetDir);
    description = description.withLimits(description.limits().withMaxResultBytes(maxResultBytes));
    try {
      return DescribedWarehouses.open(description, EngineOpening.Credentials.NONE, cacheRoot)
          .warehouse();
    } catch (DescriptionException e) {
      // The sample's own description fits its own files; a directory that lacks one of them or
      // a column is the caller's data to fix.
      throw new WarehouseException(WarehouseException.Kind.UNAVAILABLE, e.getMessage(), e);
    }
  }

  /**
   * The sample's whole toolkit, namespace to method to tool in declaration order: {@code
   * warehouse.query}, {@code warehouse.tables}, {@code billing.customers}, {@code
   * billing.invoices}.
   *
   * @throws WarehouseException when the warehouse's tables cannot be read
   */
  public static Map<String, Map<String, Tool>> toolkit(Warehouse warehouse)
      throws WarehouseException {
    return toolkit(warehouse, BillingTools.of(warehouse));
  }

  /**
   * {@link #toolkit(Warehouse)} with the flag tools, {@code billing.flagInvoice} and {@code
   * billing.flags}, writing to {@code flags}.
   *
   * @throws WarehouseException when the warehouse's tables cannot be read
   */
  public static Map<String, Map<String, Tool>> toolkit(Warehouse warehouse, FlagStore flags)
      throws WarehouseException {
    return toolkit(warehouse, BillingTools.of(warehouse, flags));
  }

  private static Map<String, Map<String, Tool>> toolkit(Warehouse warehouse, BillingTools billing)
      throws WarehouseException {
    Map<String, Map<String, Tool>> toolkit = new LinkedHashMap<>();
    toolkit.put("warehouse", WarehouseTools.of(warehouse).methods());
    toolkit.put("billing", billing.methods());
    return java.util.Collections.unmodifiableMap(toolkit);
  }

  /**
   * Installs {@link #toolkit} into {@code builder} and returns it, for chaining.
   *
   * @throws WarehouseException when the warehouse's tables cannot be read
   */
  public static CodeMode.Builder installTools(Warehouse warehouse, CodeMode.Builder builder)
      throws WarehouseException {
    return install(toolkit(warehouse), builder);
  }

  /**
   * Installs {@link #toolkit(Warehouse, FlagStore)} into {@code builder} and returns it.
   *
   * @throws WarehouseException when the warehouse's tables cannot be read
   */
  public static CodeMode.Builder installTools(
      Warehouse warehouse, FlagStore flags, CodeMode.Builder builder) throws WarehouseException {
    return install(toolkit(warehouse, flags), builder);
  }

  private static CodeMode.Builder install(
      Map<String, Map<String, Tool>> toolkit, CodeMode.Builder builder) {
    toolkit.forEach(
        (namespace, methods) ->
            methods.forEach((method, tool) -> builder.method(namespace, method, tool)));
    return builder;
  }

  /**
   * The DuckDB file of all of {@code parquetDir}'s rows, built under {@code cacheRoot} when no file
   * of the same content exists yet; for tools that open it themselves (the benchmarks' plain JDBC
   * baseline).
   */
  public static Path prepare(Path parquetDir, Path cacheRoot) throws WarehouseException {
    return DuckDbEngine.prepare(opening(parquetDir, cacheRoot), null);
  }

  /**
   * The DuckDB file of {@code tenant}'s rows alone: customers and invoices of its regions and the
   * lines of those invoices.
   */
  public static Path prepare(Path parquetDir, Path cacheRoot, Tenant tenant)
      throws WarehouseException {
    return DuckDbEngine.prepare(opening(parquetDir, cacheRoot), tenant);
  }

  private static EngineOpening opening(Path parquetDir, Path cacheRoot) {
    return new EngineOpening(description(parquetDir), EngineOpening.Credentials.NONE, cacheRoot);
  }
}
