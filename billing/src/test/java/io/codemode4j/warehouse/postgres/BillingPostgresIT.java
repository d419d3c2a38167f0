package io.codemode4j.warehouse.postgres;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.codemode4j.warehouse.WarehouseException;
import io.codemode4j.warehouse.billing.BillingPostgres;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;

/**
 * The loader, through the writer identity, on the embedded PostgreSQL. It reloads the schema every
 * other PostgreSQL class reads, so it runs alone ({@link Isolated}): a reload beside a reader's
 * open transaction deadlocked when classes ran two at a time.
 */
@Isolated
class BillingPostgresIT {

  @Test
  void load_twice_leavesTheSameRowsAndKeepsTheReadersGrantsAndPolicies() throws Exception {
    TestPostgres.server();
    Map<String, Long> first;
    Map<String, Long> second;
    try (Connection writer = TestPostgres.connect(TestPostgres.WRITER)) {
      first = BillingPostgres.load(writer, TestPostgres.sampleDir(), TestPostgres.SCHEMA);
      second = BillingPostgres.load(writer, TestPostgres.sampleDir(), TestPostgres.SCHEMA);
    }

    assertThat(second).isEqualTo(first);
    assertThat(first.get("invoices")).isPositive();
    try (Connection tenant = TestPostgres.connect(TestPostgres.EMEA);
        Statement sql = tenant.createStatement();
        ResultSet rs =
            sql.executeQuery(
                "SELECT count(*), count(*) FILTER (WHERE region <> 'emea') FROM billing.invoices")) {
      rs.next();
      assertThat(rs.getLong(1)).isPositive().isLessThan(first.get("invoices"));
      assertThat(rs.getLong(2)).isZero();
    }
  }

  @Test
  void load_asTheReader_isRefusedByPostgresAndChangesNothing() throws Exception {
    TestPostgres.server();
    try (Connection reader = TestPostgres.connect(TestPostgres.READER)) {
      WarehouseException refused =
          catchThrowableOfType(
              WarehouseException.class,
              () -> BillingPostgres.load(reader, TestPostgres.sampleDir(), TestPostgres.SCHEMA));

      // The read-only default stops it first; the grants would (PostgresLockdownIT).
      assertThat(refused)
          .hasMessageContaining("read-only transaction")
          .hasMessageContaining("nothing was changed");
    }
  }

  @Test
  void load_directoryWithoutTheFiles_failsNamingWhatItHolds() throws Exception {
    TestPostgres.server();
    try (Connection writer = TestPostgres.connect(TestPostgres.WRITER)) {
      WarehouseException failed =
          catchThrowableOfType(
              WarehouseException.class,
              () -> BillingPostgres.load(writer, Path.of("target"), TestPostgres.SCHEMA));

      assertThat(failed).hasMessageContaining("customers.parquet");
    }
  }
}
