package io.codemode4j.warehouse.billing;

import io.codemode4j.warehouse.SqlLiterals;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDate;
import java.util.List;

/**
 * One of the sample's parquet files copied into a table of a database through a writer's
 * connection, read by DuckDB and inserted in batches: what each engine's loader of the sample
 * ({@link BillingPostgres}, {@link BillingMariaDb}) runs per table.
 */
final class ParquetCopy {

  private static final int BATCH = 1_000;

  private ParquetCopy() {}

  /**
   * Copies {@code columns} of {@code table.parquet} in {@code parquetDir} into {@code target} (the
   * table, qualified as the engine names it); returns the rows copied. Dates go over as {@link
   * LocalDate}, which every driver binds as a DATE.
   *
   * @param reader a statement of an in-memory DuckDB that reads the file
   */
  static long copy(
      Statement reader,
      Connection writer,
      Path parquetDir,
      String table,
      String target,
      List<String> columns)
      throws SQLException {
    Path file = parquetDir.resolve(table + ".parquet");
    if (!Files.isRegularFile(file)) {
      throw new SQLException(
          file + " does not exist (a data directory holds " + BillingSample.TABLE_FILES + ")");
    }
    String insert =
        "INSERT INTO "
            + target
            + " ("
            + String.join(", ", columns)
            + ") VALUES ("
            + String.join(", ", columns.stream().map(n -> "?").toList())
            + ")";
    long rows = 0;
    try (ResultSet rs =
            reader.executeQuery(
                "SELECT "
                    + String.join(", ", columns)
                    + " FROM read_parquet("
                    + SqlLiterals.quote(file.toAbsolutePath().toString())
                    + ")");
        PreparedStatement batch = writer.prepareStatement(insert)) {
      while (rs.next()) {
        for (int i = 1; i <= columns.size(); i++) {
          Object value = rs.getObject(i);
          batch.setObject(
              i,
              value instanceof java.util.Date || value instanceof java.time.temporal.Temporal
                  ? rs.getObject(i, LocalDate.class)
                  : value);
        }
        batch.addBatch();
        if (++rows % BATCH == 0) {
          batch.executeBatch();
        }
      }
      batch.executeBatch();
    }
    return rows;
  }
}
