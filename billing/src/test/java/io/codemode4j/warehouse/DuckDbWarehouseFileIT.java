package io.codemode4j.warehouse;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.codemode4j.engine.duckdb.DuckDbLimits;
import io.codemode4j.engine.duckdb.DuckDbReadOnly;
import io.codemode4j.sql.Tenant;
import io.codemode4j.warehouse.billing.BillingSample;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DuckDbWarehouseFileIT {

  @TempDir Path temp;

  private Path copyOfSample() throws Exception {
    Path dir = Files.createDirectories(temp.resolve("data"));
    for (String file : BillingSample.TABLE_FILES) {
      Files.copy(
          TestWarehouse.sampleDir().resolve(file),
          dir.resolve(file),
          StandardCopyOption.REPLACE_EXISTING);
    }
    return dir;
  }

  @Test
  void prepare_missingFile_namesTheFileAndTheExpectedSet() throws Exception {
    Path dir = copyOfSample();
    Files.delete(dir.resolve("invoice_lines.parquet"));
    assertThatThrownBy(() -> BillingSample.prepare(dir, temp.resolve("cache")))
        .isInstanceOfSatisfying(
            WarehouseException.class,
            e -> assertThat(e.kind()).isEqualTo(WarehouseException.Kind.UNAVAILABLE))
        .hasMessageContaining("warehouse.yaml:")
        .hasMessageContaining(
            "has no invoice_lines.parquet or invoice_lines.csv for table invoice_lines");
  }

  @Test
  void prepare_fileWithWrongColumns_namesTheMissingColumns() throws Exception {
    Path dir = copyOfSample();
    Path customers = dir.resolve("customers.parquet");
    Files.delete(customers);
    try (Connection c = DriverManager.getConnection("jdbc:duckdb:");
        Statement s = c.createStatement()) {
      s.execute(
          "COPY (SELECT 'C1' AS customer_id, 'x' AS name) TO '" + customers + "' (FORMAT parquet)");
    }
    assertThatThrownBy(() -> BillingSample.prepare(dir, temp.resolve("cache")))
        .isInstanceOf(WarehouseException.class)
        .hasMessageContaining("customers.parquet lacks the columns [region, segment, country]");
    assertThat(Files.list(temp.resolve("cache"))).isEmpty();
  }

  @Test
  void prepare_changedContent_buildsANewFile() throws Exception {
    Path dir = copyOfSample();
    Path cache = temp.resolve("cache");
    Path first = BillingSample.prepare(dir, cache);

    Path customers = dir.resolve("customers.parquet");
    try (Connection c = DriverManager.getConnection("jdbc:duckdb:");
        Statement s = c.createStatement()) {
      s.execute(
          "COPY (SELECT * FROM read_parquet('"
              + customers
              + "') LIMIT 10) TO '"
              + temp.resolve("c.parquet")
              + "' (FORMAT parquet)");
    }
    Files.move(temp.resolve("c.parquet"), customers, StandardCopyOption.REPLACE_EXISTING);
    Path second = BillingSample.prepare(dir, cache);

    assertThat(second).isNotEqualTo(first);
    try (Connection c =
            DriverManager.getConnection(DuckDbReadOnly.url(second, DuckDbLimits.defaults()));
        Statement s = c.createStatement();
        var rs = s.executeQuery("SELECT count(*) FROM customers")) {
      rs.next();
      assertThat(rs.getLong(1)).isEqualTo(10);
    }
  }

  @Test
  void prepare_unchangedFiles_takesTheKeyFromItsNoteUntilAFileChanges() throws Exception {
    Path dir = copyOfSample();
    Path cache = temp.resolve("cache");
    Path first = BillingSample.prepare(dir, cache);
    List<Path> notes;
    try (Stream<Path> files = Files.list(cache.resolve("keys"))) {
      notes = files.toList();
    }
    assertThat(notes).hasSize(1);
    assertThat(Files.readString(notes.getFirst()))
        .isEqualTo(first.getFileName().toString().replaceAll("^warehouse-|\\.duckdb$", ""));

    // A planted note proves the files were not hashed again.
    String planted = "0".repeat(24);
    Files.writeString(notes.getFirst(), planted);
    assertThat(BillingSample.prepare(dir, cache).getFileName())
        .hasToString("warehouse-" + planted + ".duckdb");

    // A file touched (same content) misses the note and is hashed: the original key again.
    Path customers = dir.resolve("customers.parquet");
    Files.setLastModifiedTime(
        customers, FileTime.fromMillis(Files.getLastModifiedTime(customers).toMillis() + 1000));
    assertThat(BillingSample.prepare(dir, cache)).isEqualTo(first);
  }

  /**
   * The file a tenant's queries run on (the DuckDB side of TenantSideChannelIT) holds that tenant's
   * rows of every table and the view, and all of them.
   */
  @Test
  void prepare_tenantFile_holdsOnlyThatTenantsRows() throws Exception {
    Path file =
        BillingSample.prepare(
            TestWarehouse.sampleDir(), temp.resolve("cache"), Tenant.of("apac", "emea"));
    assertThat(file.getFileName().toString()).endsWith("-apac+emea.duckdb");

    List<String> seen = new ArrayList<>();
    try (Connection c =
            DriverManager.getConnection(DuckDbReadOnly.url(file, DuckDbLimits.defaults()));
        Statement s = c.createStatement();
        ResultSet rs =
            s.executeQuery(
                """
            SELECT DISTINCT region FROM (
              SELECT region FROM customers UNION ALL SELECT region FROM invoices
              UNION ALL SELECT i.region FROM invoice_lines l JOIN invoices i USING (invoice_id)
              UNION ALL SELECT region FROM invoice_summary) ORDER BY region""")) {
      while (rs.next()) {
        seen.add(rs.getString(1));
      }
    }
    assertThat(seen).containsExactly("apac", "emea");
    // One tenant's rows: the owner's alone, whatever the umask.
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file)))
        .isEqualTo("rw-------");

    long all =
        count(
            TestWarehouse.bundledFile(),
            "SELECT count(*) FROM invoice_lines l JOIN invoices i ON i.invoice_id = l.invoice_id"
                + " WHERE i.region IN ('apac', 'emea')");
    assertThat(count(file, "SELECT count(*) FROM invoice_lines")).isEqualTo(all);
  }

  private static long count(Path file, String sql) throws Exception {
    try (Connection c =
            DriverManager.getConnection(DuckDbReadOnly.url(file, DuckDbLimits.defaults()));
        Statement s = c.createStatement();
        ResultSet rs = s.executeQuery(sql)) {
      rs.next();
      return rs.getLong(1);
    }
  }

  @Test
  void readOnlyUrl_pathWithSemicolon_isRefused() {
    assertThatThrownBy(
            () -> DuckDbReadOnly.url(temp.resolve("a;b.duckdb"), DuckDbLimits.defaults()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("must not contain ';'");
  }
}
