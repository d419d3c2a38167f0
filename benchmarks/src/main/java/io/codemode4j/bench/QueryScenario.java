package io.codemode4j.bench;

import io.codemode4j.bridge.CodeMode;
import io.codemode4j.bridge.Principal;
import io.codemode4j.bridge.RunContext;
import io.codemode4j.bridge.outcome.PassFailure;
import io.codemode4j.bridge.outcome.PassOutcome;
import io.codemode4j.bridge.outcome.PassSuccess;
import io.codemode4j.warehouse.Warehouse;
import io.codemode4j.warehouse.WarehouseException;
import io.codemode4j.warehouse.WarehouseTools;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Arrays;
import tools.jackson.databind.node.JsonNodeFactory;

/**
 * {@code warehouse.query} through a whole pass against the same SQL over {@link PlainJdbc} on the
 * same DuckDB file, in pairs whose order alternates. The SQL is README's and {@code
 * examples/top-region.js}'s.
 */
public final class QueryScenario implements AutoCloseable {

  /** Revenue per region over the summary view: README's query. */
  public static final String SQL =
      "SELECT region, SUM(revenue) AS total FROM invoice_summary GROUP BY region ORDER BY total DESC";

  /** The paired samples: pass time over JDBC time, and pass time minus JDBC time in ms. */
  record Pairs(double[] ratio, double[] overheadMs, double[] jdbcMs) {}

  private final CodeMode codeMode;
  private final PlainJdbc jdbc;
  private final String program;
  private final RunContext run = RunContext.of("bench", Principal.unconfined("bench"));

  /** Code Mode with the warehouse toolkit and default limits, as {@code codemode run} has it. */
  public QueryScenario(Warehouse warehouse, PlainJdbc jdbc) throws WarehouseException {
    this.codeMode = WarehouseTools.of(warehouse).installInto(CodeMode.builder()).build();
    this.jdbc = jdbc;
    this.program =
        "async () => (await warehouse.query({sql: "
            + JsonNodeFactory.instance.stringNode(SQL)
            + "})).rowCount";
  }

  /** One pass of the query; returns the row count the program saw. */
  public int pass() {
    PassOutcome outcome = codeMode.run(program, run);
    if (outcome instanceof PassFailure failure) {
      throw new IllegalStateException(
          "the query pass failed: " + failure.kind().wireName() + ": " + failure.message());
    }
    return ((PassSuccess) outcome).result().asInt();
  }

  /** The same SQL over plain JDBC; returns the row count. */
  public int plain() throws SQLException {
    return jdbc.query(SQL);
  }

  /**
   * Warms both paths up, checks they agree, then takes {@code samples} alternating pairs; each loop
   * stops early once it has spent {@code budget}.
   */
  Pairs measure(int warmUp, int samples, Duration budget) throws Exception {
    Measure.repeat(
        warmUp,
        budget,
        i -> {
          pass();
          plain();
        });
    int passRows = pass();
    int plainRows = plain();
    if (passRows != plainRows) {
      throw new IllegalStateException(
          "the pass saw " + passRows + " rows and plain JDBC " + plainRows);
    }
    double[] ratio = new double[samples];
    double[] overhead = new double[samples];
    double[] plainMs = new double[samples];
    int taken =
        Measure.repeat(
            samples,
            budget,
            i -> {
              double passTime;
              double plainTime;
              if (i % 2 == 0) {
                passTime = Measure.millis(this::pass);
                plainTime = Measure.millis(this::plain);
              } else {
                plainTime = Measure.millis(this::plain);
                passTime = Measure.millis(this::pass);
              }
              ratio[i] = passTime / plainTime;
              overhead[i] = passTime - plainTime;
              plainMs[i] = plainTime;
            });
    return new Pairs(
        Arrays.copyOf(ratio, taken), Arrays.copyOf(overhead, taken), Arrays.copyOf(plainMs, taken));
  }

  @Override
  public void close() {
    codeMode.close();
  }
}
