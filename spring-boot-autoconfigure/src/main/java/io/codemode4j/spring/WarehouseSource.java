package io.codemode4j.spring;

/**
 * Where the auto-configured warehouse reads from, as {@code codemode.warehouse.*} decides it when
 * no {@code codemode.config} describes it.
 */
public enum WarehouseSource {
  /** {@code codemode.warehouse.sample=true}: the bundled billing sample in DuckDB. */
  BUNDLED_SAMPLE,
  /** {@code codemode.warehouse.parquet-dir}: the billing layout's three parquet files in DuckDB. */
  PARQUET_DIRECTORY,
  /** Neither: the application's {@code DataSource}, behind {@code codemode.warehouse.tables}. */
  DATA_SOURCE
}
