package io.codemode4j.cli;

import io.codemode4j.sample.SampleData;
import io.codemode4j.warehouse.Warehouse;
import io.codemode4j.warehouse.WarehouseException;
import io.codemode4j.warehouse.billing.BillingSample;
import java.io.IOException;
import java.nio.file.Path;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Option;

/** Where the parquet data and the cache live; shared by every command that opens the warehouse. */
final class DataOptions {

  @Option(
      names = "--data",
      paramLabel = "DIR",
      description =
          "Parquet directory with customers.parquet, invoices.parquet and invoice_lines.parquet "
              + "(default: the bundled sample data).")
  @Nullable Path data;

  /**
   * The system property {@code codemode.cacheDir}, else {@code CODEMODE_CACHE_DIR}, else {@code
   * $XDG_CACHE_HOME/codemode4j}, else {@code ~/.cache/codemode4j}.
   */
  static Path cacheRoot() {
    String explicit = System.getProperty("codemode.cacheDir", System.getenv("CODEMODE_CACHE_DIR"));
    if (explicit != null && !explicit.isBlank()) {
      return Path.of(explicit);
    }
    String xdg = System.getenv("XDG_CACHE_HOME");
    Path base =
        xdg != null && !xdg.isBlank()
            ? Path.of(xdg)
            : Path.of(System.getProperty("user.home"), ".cache");
    return base.resolve("codemode4j");
  }

  Warehouse openWarehouse() throws WarehouseException {
    return openWarehouse(Warehouse.DEFAULT_MAX_RESULT_BYTES);
  }

  /** The warehouse, its results limited to {@code maxResultBytes} of JSON each. */
  Warehouse openWarehouse(int maxResultBytes) throws WarehouseException {
    Path dir;
    if (data != null) {
      dir = data;
    } else {
      try {
        dir = SampleData.bundledDirectory(cacheRoot());
      } catch (IOException e) {
        throw new WarehouseException(
            WarehouseException.Kind.UNAVAILABLE,
            "cannot unpack the bundled sample data: " + e.getMessage(),
            e);
      }
    }
    return BillingSample.open(dir, cacheRoot(), maxResultBytes);
  }
}
