package io.codemode4j.warehouse;

import io.codemode4j.bridge.Poll;
import io.codemode4j.bridge.TestTools;
import io.codemode4j.warehouse.billing.BillingSample;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Arrays;

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

  /**
   * A copy of {@link #bundledFile()} of its own, for a warehouse opened with other DuckDB settings:
   * DuckDB refuses a second configuration of a file that one JVM already holds open, and the
   * integration test classes run two at a time, so a class with its own limits must not share the
   * file the others open with the defaults. Copied once per JVM (to a temporary name, then moved).
   */
  static synchronized Path bundledFileCopy(String purpose) throws WarehouseException {
    Path source = bundledFile();
    Path copy = cacheRoot().resolve(purpose).resolve(source.getFileName());
    if (!Files.isRegularFile(copy)) {
      try {
        Files.createDirectories(copy.getParent());
        Path partial = Files.createTempFile(copy.getParent(), "copy", ".partial");
        Files.copy(source, partial, StandardCopyOption.REPLACE_EXISTING);
        Files.move(partial, copy, StandardCopyOption.ATOMIC_MOVE);
      } catch (IOException e) {
        throw new UncheckedIOException("cannot copy " + source + " to " + copy, e);
      }
    }
    return copy;
  }

  /**
   * Waits until {@code caller} waits for the query it handed to the warehouse's query thread
   * (parked in {@code JdbcBackend.execute}), so an interruption now finds the query running, not
   * about to start. The warehouse announces no start, hence the poll.
   */
  static void awaitWaitingForItsQuery(Thread caller) throws InterruptedException {
    Poll.until(
        caller + " waits for its query",
        TestTools.PATIENCE,
        () ->
            caller.getState() == Thread.State.WAITING
                && Arrays.stream(caller.getStackTrace())
                    .anyMatch(
                        frame ->
                            frame.getClassName().equals(JdbcBackend.class.getName())
                                && frame.getMethodName().equals("execute")));
  }
}
