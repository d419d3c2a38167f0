package io.codemode4j.bench.jmh;

import io.codemode4j.bench.PlainJdbc;
import io.codemode4j.bench.QueryScenario;
import io.codemode4j.sample.SampleData;
import io.codemode4j.warehouse.Warehouse;
import io.codemode4j.warehouse.WarehouseException;
import io.codemode4j.warehouse.billing.BillingSample;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.Comparator;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * {@code warehouse.query} through a whole pass versus the same SQL over plain JDBC on the same
 * DuckDB file ({@code query_ratio_*}). {@code -p data=DIR} runs it on another parquet directory,
 * e.g. the 10,000,000-invoice set; the default is the bundled data. Prepared files go to a
 * temporary directory.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 3)
@Measurement(iterations = 5, time = 3)
@Fork(
    value = 1,
    jvmArgsAppend = {
      "--enable-native-access=ALL-UNNAMED",
      "--sun-misc-unsafe-memory-access=allow",
      "-XX:+UseSerialGC"
    })
public class QueryBenchmarks {

  /** A parquet directory, or {@code bundled}. */
  @Param({"bundled"})
  public String data = "bundled";

  private Path cache;
  private Warehouse warehouse;
  private PlainJdbc jdbc;
  private QueryScenario scenario;

  @Setup(Level.Trial)
  public void setUp() throws IOException, WarehouseException, SQLException {
    cache = Files.createTempDirectory("codemode-jmh-");
    Path dir = data.equals("bundled") ? SampleData.bundledDirectory(cache) : Path.of(data);
    warehouse = BillingSample.open(dir, cache);
    jdbc = PlainJdbc.open(dir, cache);
    scenario = new QueryScenario(warehouse, jdbc);
  }

  @TearDown(Level.Trial)
  public void tearDown() throws IOException, SQLException {
    scenario.close();
    jdbc.close();
    warehouse.close();
    try (Stream<Path> files = Files.walk(cache)) {
      for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(file);
      }
    }
  }

  @Benchmark
  public int pass() {
    return scenario.pass();
  }

  @Benchmark
  public int plainJdbc() throws SQLException {
    return scenario.plain();
  }
}
