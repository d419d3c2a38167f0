package io.codemode4j.spring;

import io.codemode4j.sql.SqlAllowlist;
import io.codemode4j.sql.TenantScope;
import io.codemode4j.warehouse.Warehouse;
import io.codemode4j.warehouse.engine.EngineOpening;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * {@code codemode.warehouse.*}: which data the warehouse serves and its per-query limits.
 *
 * <p>Decided: three sources, one at a time ({@link #source()}): the bundled billing sample ({@code
 * sample=true}), a directory of parquet files in the sample's layout ({@code parquet-dir}), both
 * loaded into a read-only DuckDB under {@code cache-dir} with the sample's region scopes and notes;
 * or the application's own {@code DataSource} behind an allowlist of {@code tables}, each table
 * mapped to its tenant column ({@code codemode.warehouse.tables.orders=shop}). An application whose
 * tables need another scope (a tenant reached through a parent table) defines an {@link
 * SqlAllowlist} bean instead.
 *
 * @param sample serve the bundled billing sample (needs {@code codemode4j-sample-data} on the class
 *     path)
 * @param parquetDir a directory with {@code customers.parquet}, {@code invoices.parquet} and {@code
 *     invoice_lines.parquet}
 * @param cacheDir where the DuckDB files of the sample or the parquet directory are kept (default:
 *     the system property {@code codemode.cacheDir}, else {@code CODEMODE_CACHE_DIR}, else {@code
 *     ~/.cache/codemode4j}, as the CLI)
 * @param tables for a {@code DataSource}: each allowlisted table or view and its tenant column
 * @param queryTimeout how long one query of a {@code DataSource} warehouse may run, above 0 and at
 *     most 1h (10s; the sample keeps its own)
 * @param maxRows the row cap of one query of a {@code DataSource} warehouse, 1..1000000 (10000)
 * @param tenantsConfinedByFiltersAlone for a {@code DataSource}: serve tenants on its connections,
 *     confined by the allowlist's row filters alone ({@code
 *     Warehouse.Builder#confineTenantsByFiltersAlone}), for data whose tenants may learn each
 *     other's values; without it (false) a tenant's query is refused, and a {@code
 *     codemode.principal.tenant} stops the start-up
 */
@ConfigurationProperties("codemode.warehouse")
public record WarehouseProperties(
    boolean sample,
    @Nullable Path parquetDir,
    Path cacheDir,
    Map<String, String> tables,
    Duration queryTimeout,
    int maxRows,
    boolean tenantsConfinedByFiltersAlone) {

  // Spring binds an unset property as null (0 for an int): each gets its default here.
  @SuppressWarnings("NullAway")
  public WarehouseProperties {
    if (sample && parquetDir != null) {
      throw new IllegalArgumentException(
          "codemode.warehouse.sample=true and codemode.warehouse.parquet-dir="
              + parquetDir
              + " name two warehouses: keep one");
    }
    tables = tables == null ? Map.of() : Map.copyOf(new LinkedHashMap<>(tables));
    if ((sample || parquetDir != null) && !tables.isEmpty()) {
      throw new IllegalArgumentException(
          "codemode.warehouse.tables "
              + tables.keySet()
              + " is for a DataSource, but codemode.warehouse."
              + (sample ? "sample" : "parquet-dir")
              + " brings the billing tables and their scopes: remove one of them");
    }
    tables.forEach(
        (table, column) -> {
          if (column == null || column.isBlank()) {
            throw new IllegalArgumentException(
                "codemode.warehouse.tables."
                    + table
                    + " names no tenant column: give the column whose values are tenant keys"
                    + " (codemode.warehouse.tables."
                    + table
                    + "=region)");
          }
        });
    cacheDir = cacheDir == null ? EngineOpening.defaultCacheRoot() : cacheDir;
    queryTimeout = queryTimeout == null ? Warehouse.DEFAULT_QUERY_TIMEOUT : queryTimeout;
    if (queryTimeout.isNegative()
        || queryTimeout.isZero()
        || queryTimeout.compareTo(Duration.ofHours(1)) > 0) {
      throw new IllegalArgumentException(
          "codemode.warehouse.query-timeout must be above 0 and at most 1h, was "
              + queryTimeout
              + " (unset keeps "
              + Warehouse.DEFAULT_QUERY_TIMEOUT
              + ")");
    }
    maxRows = maxRows == 0 ? Warehouse.DEFAULT_MAX_ROWS : maxRows;
    if (maxRows < 1 || maxRows > Warehouse.MAX_ROWS_LIMIT) {
      throw new IllegalArgumentException(
          "codemode.warehouse.max-rows must be 1.."
              + Warehouse.MAX_ROWS_LIMIT
              + ", was "
              + maxRows
              + " (unset keeps "
              + Warehouse.DEFAULT_MAX_ROWS
              + ")");
    }
  }

  /** Which of the three sources these properties name. */
  public WarehouseSource source() {
    if (sample) {
      return WarehouseSource.BUNDLED_SAMPLE;
    }
    return parquetDir != null ? WarehouseSource.PARQUET_DIRECTORY : WarehouseSource.DATA_SOURCE;
  }

  /** The allowlist of {@link #tables}, each confined by its tenant column. */
  public SqlAllowlist allowlist() {
    if (tables.isEmpty()) {
      throw new IllegalStateException(
          "a DataSource warehouse needs an allowlist: set codemode.warehouse.tables.TABLE=TENANT_COLUMN"
              + " for each table the model may query, or define an SqlAllowlist bean");
    }
    SqlAllowlist.Builder builder = SqlAllowlist.builder();
    tables.forEach((table, column) -> builder.table(table, new TenantScope.ByColumn(column)));
    return builder.build();
  }
}
