package io.codemode4j.warehouse;

import io.codemode4j.engine.duckdb.DuckDbLimits;
import io.codemode4j.engine.duckdb.DuckDbReadOnly;
import io.codemode4j.warehouse.billing.BillingSample;
import io.codemode4j.warehouse.mariadb.MariaDbWarehouses;
import io.codemode4j.warehouse.postgres.PostgresWarehouses;
import io.codemode4j.warehouse.trino.TestTrino;
import java.util.Locale;

/**
 * The engines the backend suite runs on ({@link ExamplesIT}, {@link TenantScopingIT}, {@link
 * TenantSideChannelIT}, {@link HostileQueriesIT}): each entry opens the billing sample's rows
 * behind the sample's allowlist in its engine's dialect, as a host would, so one more engine is one
 * more entry and every test of the suite runs on it.
 *
 * <p>Decided: an entry opens the warehouse with the engine's own tenant isolation ({@link
 * Warehouse.Builder#tenantDataSources}: a DuckDB file per tenant, a PostgreSQL role per tenant
 * under row-level security, a Trino user per tenant under row filters, a MariaDB user per tenant
 * reading a database of views of its rows), because the suite's tenant tests are about what a
 * tenant can reach through the tools, which a warehouse without it answers with the allowlist's
 * filters alone. The engines' servers are the tests' shared ones (the DuckDB file cache, {@code
 * TestPostgres}, {@code TestTrino}, {@code TestMariaDb}), started on first use and kept for the
 * JVM.
 */
enum Backend {
  DUCKDB {
    @Override
    Warehouse open() throws WarehouseException {
      return BillingSample.open(TestWarehouse.sampleDir(), TestWarehouse.cacheRoot());
    }

    /**
     * Four connections and DuckDB's memory at {@link #CORPUS_DUCKDB_LIMITS}, on a copy of the
     * bundled file (other classes hold the file itself open with the default settings).
     */
    @Override
    Warehouse openForCorpus() throws WarehouseException {
      return Warehouse.builder(BillingSample.allowlist())
          .jdbcUrl(
              DuckDbReadOnly.url(TestWarehouse.bundledFileCopy("corpus"), CORPUS_DUCKDB_LIMITS))
          .poolSize(4)
          .build();
    }
  },

  /** Four connections per identity, each statement capped by the role's statement_timeout. */
  POSTGRESQL {
    @Override
    Warehouse open() throws WarehouseException {
      return PostgresWarehouses.open();
    }
  },

  /**
   * A coordinator and a worker; skipped (a JUnit assumption) where Trino cannot start: a JDK older
   * than 24.0.1, or no server unpacked by the build.
   */
  TRINO {
    @Override
    Warehouse open() throws WarehouseException {
      return TestTrino.warehouse();
    }
  },

  /**
   * Debian's mariadbd in a temporary data directory, opened through its engine as a front end opens
   * a description; a tenant's user reads its own database of views alone.
   */
  MARIADB {
    @Override
    Warehouse open() throws WarehouseException {
      return MariaDbWarehouses.open(TestWarehouse.cacheRoot());
    }
  };

  /**
   * DuckDB's memory_limit of the corpus's warehouse: low, so that the aggregated strings DuckDB
   * counts against it fail within a pass instead of after the bundled default's gigabyte.
   */
  static final DuckDbLimits CORPUS_DUCKDB_LIMITS = new DuckDbLimits("256MB", 2, "0GB");

  /**
   * The sample as a host serves it to analysts: the default limits, the sample's notes, and each
   * tenant's queries on the engine's own isolation of that tenant's rows.
   */
  abstract Warehouse open() throws WarehouseException;

  /**
   * The sample with the caps the adversarial corpus is measured against: four connections, and the
   * engine's own resource caps where the tests set them (DuckDB's memory_limit); otherwise {@link
   * #open()}.
   */
  Warehouse openForCorpus() throws WarehouseException {
    return open();
  }

  /** The name a per-engine header of the corpus uses, e.g. {@code // result[postgresql]: ...}. */
  String key() {
    return name().toLowerCase(Locale.ROOT);
  }
}
