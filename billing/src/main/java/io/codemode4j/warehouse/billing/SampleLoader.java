package io.codemode4j.warehouse.billing;

import io.codemode4j.engine.mariadb.MariaDbEngine;
import io.codemode4j.engine.postgres.PostgresEngine;
import io.codemode4j.warehouse.WarehouseException;
import io.codemode4j.warehouse.engine.WarehouseEngine;
import java.nio.file.Path;
import java.sql.Connection;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Loads the sample's parquet files into a database of one engine through a writer's connection,
 * idempotently, answering the rows loaded per table: what {@code codemode load-sample} runs. The
 * engines a lake's owner fills with its own tools (Trino's external tables, {@link BillingTrino})
 * have none.
 */
@FunctionalInterface
public interface SampleLoader {

  /** Loads into {@code schema}: PostgreSQL's schema, MariaDB's database; created when missing. */
  Map<String, Long> load(Connection writer, Path parquetDir, String schema)
      throws WarehouseException;

  /** The loader of {@code engine}'s databases, or {@code null} when the sample has none there. */
  static @Nullable SampleLoader of(WarehouseEngine engine) {
    return switch (engine) {
      case PostgresEngine postgres -> BillingPostgres::load;
      case MariaDbEngine mariaDb -> BillingMariaDb::load;
      default -> null;
    };
  }

  /** The engines the sample has a loader for, by name, for messages. */
  static String engines() {
    return "PostgreSQL and MariaDB";
  }
}
