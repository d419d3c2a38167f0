package io.codemode4j.bench;

import io.codemode4j.sample.GeneratorConfig;
import io.codemode4j.sample.SampleData;
import io.codemode4j.sample.SampleDataGenerator;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Locale;
import java.util.function.Consumer;

/**
 * The 10,000,000-invoice data set of {@code query_ratio_10m}: given, or generated once under the
 * cache.
 */
final class LargeDataSet {

  static final long INVOICES = 10_000_000L;

  private LargeDataSet() {}

  /** Where a full run keeps the generated set. */
  static Path cached(Path cacheRoot) {
    return cacheRoot.resolve("bench-invoices-" + INVOICES);
  }

  /**
   * The set under {@link #cached}, generated first (with progress) when any of its files is
   * missing.
   */
  static Path generateIfMissing(Path cacheRoot, Consumer<String> progress) throws IOException {
    Path dir = cached(cacheRoot);
    if (SampleData.FILE_NAMES.stream().allMatch(name -> Files.isRegularFile(dir.resolve(name)))) {
      return dir;
    }
    progress.accept(
        String.format(
            Locale.ROOT,
            "generating %,d invoices into %s (once; minutes on two cores)",
            INVOICES,
            dir));
    long start = System.nanoTime();
    long[] lastDecile = {-1};
    SampleDataGenerator.generate(
        GeneratorConfig.forInvoices(INVOICES),
        dir,
        (done, total) -> {
          long decile = done * 10 / total;
          if (decile != lastDecile[0]) {
            lastDecile[0] = decile;
            progress.accept(String.format(Locale.ROOT, "  %d%% of the invoices", decile * 10));
          }
        });
    progress.accept(
        String.format(Locale.ROOT, "generated in %.0f s", (System.nanoTime() - start) / 1e9));
    return dir;
  }

  /**
   * Checks that {@code dir} holds exactly {@value #INVOICES} invoices, so the metric's name stays
   * true.
   */
  static void requireSize(Path dir) throws SQLException {
    Path invoices = dir.resolve(SampleData.INVOICES_FILE);
    if (!Files.isRegularFile(invoices)) {
      throw new IllegalArgumentException(dir + " has no " + SampleData.INVOICES_FILE);
    }
    try (Connection connection = DriverManager.getConnection("jdbc:duckdb:");
        Statement statement = connection.createStatement();
        ResultSet rs =
            statement.executeQuery(
                "SELECT count(*) FROM read_parquet('"
                    + invoices.toAbsolutePath().toString().replace("'", "''")
                    + "')")) {
      rs.next();
      long count = rs.getLong(1);
      if (count != INVOICES) {
        throw new IllegalArgumentException(
            String.format(
                Locale.ROOT,
                "%s holds %,d invoices, not %,d (generate the set with codemode generate --invoices %d --out DIR)",
                dir,
                count,
                INVOICES,
                INVOICES));
      }
    }
  }
}
