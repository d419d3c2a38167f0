package io.codemode4j.warehouse.billing;

import io.codemode4j.bridge.CodeMode;
import io.codemode4j.bridge.tool.Tool;
import io.codemode4j.sql.SchemaExamples;
import io.codemode4j.sql.SqlAllowlist;
import io.codemode4j.sql.Tenant;
import io.codemode4j.sql.TenantScope;
import io.codemode4j.sql.dialect.Dialect;
import io.codemode4j.warehouse.JdbcPools;
import io.codemode4j.warehouse.SqlLiterals;
import io.codemode4j.warehouse.Warehouse;
import io.codemode4j.warehouse.WarehouseException;
import io.codemode4j.warehouse.WarehouseNotes;
import io.codemode4j.warehouse.WarehouseTools;
import io.codemode4j.warehouse.duckdb.DuckDbFileCache;
import io.codemode4j.warehouse.duckdb.DuckDbLimits;
import io.codemode4j.warehouse.duckdb.DuckDbReadOnly;
import io.codemode4j.warehouse.duckdb.TenantRows;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * The bundled billing sample as a warehouse: three parquet files ({@code customers}, {@code
 * invoices}, {@code invoice_lines}) loaded into DuckDB with the view {@code invoice_summary}, keyed
 * by tenant through the {@code region} column, with notes on what every column means.
 *
 * <p>Decided: the sample is built with the public API alone ({@link Warehouse#builder}, {@link
 * DuckDbFileCache}, {@link TenantRows}), as a user's own warehouse over their own parquet would be,
 * and each tenant's queries run on a file of that tenant's rows alone (see {@link
 * io.codemode4j.warehouse.TenantDataSources}). The tenant scopes below are the one source of both
 * the allowlist's row filters and the tenant files' contents.
 */
public final class BillingSample {

  /** The parquet files a data directory must hold, in load order (parents first). */
  public static final List<String> TABLE_FILES =
      List.of("customers.parquet", "invoices.parquet", "invoice_lines.parquet");

  /** Bumped whenever the tables or the view below change, so older cached files are not reused. */
  private static final String LAYOUT = "warehouse-layout-1";

  /** The connections of each pool: the machines have two cores. */
  private static final int POOL_SIZE = 4;

  /** The columns loaded from each file, in order; a file may hold more. */
  private static final Map<String, List<String>> COLUMNS =
      Map.of(
          "customers", List.of("customer_id", "name", "region", "segment", "country"),
          "invoices",
              List.of(
                  "invoice_id",
                  "customer_id",
                  "region",
                  "issued_on",
                  "due_on",
                  "paid_on",
                  "status",
                  "currency",
                  "amount_cents"),
          "invoice_lines",
              List.of("invoice_id", "line_no", "product", "quantity", "unit_price_cents"));

  /** How each table and the view are confined to a tenant's regions. */
  private static final Map<String, TenantScope> SCOPES = scopes();

  /**
   * The query of the view {@code invoice_summary}, its tables prefixed by {@code qualifier} (empty,
   * or a quoted schema and a dot), for every engine: one definition, so that the view answers the
   * same rows on DuckDB, PostgreSQL and Trino. Per region, customer name and month of issue, over
   * invoices that are not void: the invoice count and the revenue in currency units. Cents are
   * summed as integers and scaled by an exact DECIMAL product, so {@code revenue * 100} equals the
   * summed cents to the cent; a division through DOUBLE would not.
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

  private static final WarehouseNotes NOTES =
      WarehouseNotes.about("the billing warehouse")
          .withTable("customers", "one row per customer")
          .withTable(
              "invoices",
              "one row per invoice, every amount in US cents; statuses are as of the data's as-of"
                  + " date, the latest issued_on: compute recent periods from MAX(issued_on), not"
                  + " current_date")
          .withTable(
              "invoice_lines",
              "the lines of each invoice; an invoice's amount_cents = SUM(quantity *"
                  + " unit_price_cents) of its lines")
          .withTable(
              "invoice_summary",
              "view over the invoices that are not void: one row per region, customer name and"
                  + " month")
          .withColumn("customers", "region", "'emea' | 'americas' | 'apac'")
          .withColumn("customers", "segment", "'enterprise' | 'mid-market' | 'smb'")
          .withColumn("customers", "country", "ISO 3166-1 alpha-2, e.g. 'DE'")
          .withColumn("customers", "name", "what billing.invoices takes")
          .withColumn("invoices", "region", "the customer's region")
          .withColumn(
              "invoices",
              "status",
              "'paid' | 'open' | 'overdue' | 'void'; void is cancelled and never revenue, open and"
                  + " overdue are unpaid, overdue past due_on")
          .withColumn("invoices", "paid_on", "NULL unless paid")
          .withColumn("invoices", "currency", "always 'USD'")
          .withColumn("invoice_lines", "unit_price_cents", "US cents")
          .withColumn("invoice_summary", "customer", "the customer's name")
          .withColumn("invoice_summary", "month", "first day of the month issued")
          .withColumn("invoice_summary", "revenue", "US dollars, exact: SUM(amount_cents) / 100");

  private BillingSample() {}

  private static Map<String, TenantScope> scopes() {
    Map<String, TenantScope> scopes = new LinkedHashMap<>();
    scopes.put("customers", new TenantScope.ByColumn("region"));
    scopes.put("invoices", new TenantScope.ByColumn("region"));
    scopes.put(
        "invoice_lines", new TenantScope.ThroughParent("invoice_id", "invoices", "invoice_id"));
    scopes.put("invoice_summary", new TenantScope.ByColumn("region"));
    return java.util.Collections.unmodifiableMap(scopes);
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
    SqlAllowlist.Builder builder = SqlAllowlist.builder().examples(EXAMPLES);
    SCOPES.forEach(builder::table);
    return builder;
  }

  /**
   * What the sample's tables and columns mean on the engine {@code dialect} names, for the query
   * tool's description. Decided: the note on {@code amount_cents} says what its SUM is on that
   * engine (DuckDB's HUGEINT, PostgreSQL's numeric: both strings with the exact digits), so the
   * notes a model reads are true for the engine it writes for; an engine without a branch here gets
   * the unit alone.
   */
  public static WarehouseNotes notes(Dialect dialect) {
    String sum =
        switch (dialect.name()) {
          case "DuckDB" -> "; SUM(amount_cents) is HUGEINT, so a string";
          case "PostgreSQL" -> "; SUM(amount_cents) is numeric, so a string";
          case "Trino" -> "; SUM(amount_cents) is bigint, so a number";
          default -> "";
        };
    return NOTES.withColumn("invoices", "amount_cents", "US cents" + sum);
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
    DuckDbFileCache cache = cache(parquetDir, cacheRoot);
    Path whole = cache.prepare("", writer -> load(writer, cache, null));
    return Warehouse.builder(allowlist())
        .jdbcUrl(DuckDbReadOnly.url(whole, DuckDbLimits.defaults()))
        .poolSize(POOL_SIZE)
        .notes(notes(Dialect.duckDb()))
        .maxResultBytes(maxResultBytes)
        .tenantDataSources(
            tenant ->
                JdbcPools.open(
                    DuckDbReadOnly.url(
                        cache.prepare(
                            TenantRows.variant(tenant), writer -> load(writer, cache, tenant)),
                        DuckDbLimits.defaults()),
                    POOL_SIZE))
        .build();
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
    DuckDbFileCache cache = cache(parquetDir, cacheRoot);
    return cache.prepare("", writer -> load(writer, cache, null));
  }

  /**
   * The DuckDB file of {@code tenant}'s rows alone: customers and invoices of its regions and the
   * lines of those invoices.
   */
  public static Path prepare(Path parquetDir, Path cacheRoot, Tenant tenant)
      throws WarehouseException {
    DuckDbFileCache cache = cache(parquetDir, cacheRoot);
    return cache.prepare(TenantRows.variant(tenant), writer -> load(writer, cache, tenant));
  }

  private static DuckDbFileCache cache(Path parquetDir, Path cacheRoot) throws WarehouseException {
    Path dir = parquetDir.toAbsolutePath().normalize();
    List<Path> files = new ArrayList<>();
    for (String file : TABLE_FILES) {
      if (!Files.isRegularFile(dir.resolve(file))) {
        throw new WarehouseException(
            WarehouseException.Kind.UNAVAILABLE,
            "data directory "
                + dir
                + " has no "
                + file
                + " (it must hold "
                + String.join(", ", TABLE_FILES)
                + "; generate a set with `codemode generate --out DIR`)");
      }
      files.add(dir.resolve(file));
    }
    return DuckDbFileCache.open(cacheRoot, LAYOUT, files);
  }

  /** Loads the three tables (only {@code tenant}'s rows unless it is {@code null}) and the view. */
  private static void load(Statement writer, DuckDbFileCache cache, @Nullable Tenant tenant)
      throws SQLException, WarehouseException {
    for (Path file : cache.sources()) {
      String name = file.getFileName().toString();
      String table = name.substring(0, name.length() - ".parquet".length());
      checkColumns(writer, file, table);
      writer.execute(
          "CREATE TABLE "
              + table
              + " AS SELECT "
              + String.join(", ", COLUMNS.get(table))
              + " FROM read_parquet("
              + SqlLiterals.quote(file.toString())
              + ")"
              + (tenant == null
                  ? ""
                  : TenantRows.where(Objects.requireNonNull(SCOPES.get(table), table), tenant)));
    }
    writer.execute("CREATE VIEW invoice_summary AS " + invoiceSummaryQuery(""));
  }

  private static void checkColumns(Statement statement, Path file, String table)
      throws SQLException, WarehouseException {
    List<String> actual = new ArrayList<>();
    try (ResultSet rs =
        statement.executeQuery(
            "SELECT column_name FROM (DESCRIBE SELECT * FROM read_parquet("
                + SqlLiterals.quote(file.toString())
                + "))")) {
      while (rs.next()) {
        actual.add(rs.getString(1));
      }
    }
    List<String> missing = new ArrayList<>(COLUMNS.get(table));
    missing.removeAll(actual);
    if (!missing.isEmpty()) {
      throw new WarehouseException(
          WarehouseException.Kind.UNAVAILABLE,
          file
              + " lacks the columns "
              + missing
              + " (expected "
              + COLUMNS.get(table)
              + ", found "
              + actual
              + ")");
    }
  }
}
