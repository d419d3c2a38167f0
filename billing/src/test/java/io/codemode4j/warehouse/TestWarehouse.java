package io.codemode4j.warehouse;

import io.codemode4j.warehouse.billing.BillingSample;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The bundled sample data and one shared cache of prepared warehouse files for the integration
 * tests.
 */
final class TestWarehouse {

  private TestWarehouse() {}

  static Path sampleDir() {
    Path dir = Path.of(System.getProperty("codemode.sampleDir", "../sample-data/parquet"));
    if (!Files.isRegularFile(dir.resolve("invoices.parquet"))) {
      throw new IllegalStateException("no bundled sample data at " + dir.toAbsolutePath());
    }
    return dir;
  }

  static Path cacheRoot() {
    return Path.of(System.getProperty("codemode.cacheDir", "target/codemode-cache"));
  }

  /**
   * The read-only database file of the bundled data, built once per content and reused by every
   * test.
   */
  static Path bundledFile() throws WarehouseException {
    return BillingSample.prepare(sampleDir(), cacheRoot());
  }
}
