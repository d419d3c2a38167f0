package io.codemode4j.cli;

import java.lang.reflect.Field;

/**
 * Keeps DuckDB's driver from starting JFR in a CLI process that is not recording.
 *
 * <p>Decided: the driver's static initializer registers a periodic JFR event for DuckDB's memory
 * use ({@code org.duckdb.DuckDBMemoryMonitor}), which initialises JFR's metadata, settings and
 * event classes: about 0.08 s of CPU in every command that opens the warehouse, for an event only a
 * JFR recording would read (`codemode run examples/top-region.js` 0.871 -> 0.787 s median, CPU 1.52
 * -> 1.40 s, 11 interleaved runs). Before the driver loads, the CLI marks that monitor as already
 * initialised, unless JFR is already running (a recording started with the JVM, e.g. through {@code
 * CODEMODE_JAVA_OPTS=-XX:StartFlightRecording}), so profiling a command still sees the event. A
 * driver without that field (another version) is left as it is: the CLI is then only slower.
 */
final class DuckDbMemoryEvent {

  private static final String MONITOR = "org.duckdb.DuckDBMemoryMonitor";

  private DuckDbMemoryEvent() {}

  /** Skips the driver's JFR registration unless JFR is running; call it before the driver loads. */
  static void skipUnlessRecording() {
    if (jfrRunning()) {
      return;
    }
    try {
      Field initialized =
          Class.forName(MONITOR, true, DuckDbMemoryEvent.class.getClassLoader())
              .getDeclaredField("initialized");
      initialized.setAccessible(true);
      initialized.setBoolean(null, true);
    } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
      // Another driver version: it registers its event, as without this class.
    }
  }

  private static boolean jfrRunning() {
    try {
      return jdk.jfr.FlightRecorder.isInitialized();
    } catch (LinkageError e) {
      // A runtime image without the jdk.jfr module: the driver finds no JFR either.
      return false;
    }
  }
}
