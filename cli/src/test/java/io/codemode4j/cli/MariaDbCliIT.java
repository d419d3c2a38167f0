package io.codemode4j.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.codemode4j.cli.PackagedCli.Outcome;
import io.codemode4j.engine.mariadb.TestMariaDb;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code codemode load-sample} on MariaDB (the engine's test server, {@link TestMariaDb}), through
 * the packaged CLI: the bundled rows into a database it creates, and the same rows again.
 */
class MariaDbCliIT {

  private static final String DATABASE = "sample_cli";

  @TempDir Path dir;

  @Test
  void loadSample_twice_loadsTheBundledRowsIntoItsDatabaseAndLeavesTheSame() throws Exception {
    String url = TestMariaDb.url("");

    Outcome first = loadSample(url);
    long[] once = counts();
    Outcome second = loadSample(url);

    assertThat(first.exitCode()).as(first.both()).isZero();
    assertThat(first.out().lines())
        .containsExactly(
            DATABASE + ".customers: 500 rows",
            DATABASE + ".invoices: 50000 rows",
            DATABASE + ".invoice_lines: " + once[2] + " rows");
    assertThat(once).startsWith(500, 50_000);
    assertThat(once[2]).isPositive();
    assertThat(second.exitCode()).as(second.both()).isZero();
    assertThat(second.out()).isEqualTo(first.out());
    assertThat(counts()).isEqualTo(once);
  }

  /** The test server's administrator as the writer: no password on this server. */
  private Outcome loadSample(String url) throws Exception {
    return PackagedCli.run(
        dir,
        Map.of(),
        List.of(),
        "load-sample",
        "--warehouse",
        url,
        "--user",
        TestMariaDb.ADMIN,
        "--schema",
        DATABASE);
  }

  private static long[] counts() throws Exception {
    long[] counts = new long[3];
    List<String> tables = List.of("customers", "invoices", "invoice_lines");
    try (Connection admin = TestMariaDb.admin();
        Statement sql = admin.createStatement()) {
      for (int i = 0; i < tables.size(); i++) {
        try (ResultSet rs =
            sql.executeQuery("SELECT count(*) FROM " + DATABASE + "." + tables.get(i))) {
          rs.next();
          counts[i] = rs.getLong(1);
        }
      }
    }
    return counts;
  }
}
