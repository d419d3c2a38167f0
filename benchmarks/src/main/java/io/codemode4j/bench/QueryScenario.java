package io.codemode4j.bench;

import io.codemode4j.bridge.CodeMode;
import io.codemode4j.bridge.Principal;
import io.codemode4j.bridge.RunContext;
import io.codemode4j.bridge.outcome.PassFailure;
import io.codemode4j.bridge.outcome.PassOutcome;
import io.codemode4j.bridge.outcome.PassSuccess;
import io.codemode4j.sql.SqlRefusedException;
import io.codemode4j.warehouse.Warehouse;
import io.codemode4j.warehouse.WarehouseException;
import io.codemode4j.warehouse.WarehouseTools;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;

/**
 * {@code warehouse.query} through a whole pass against the same SQL over {@link PlainJdbc} on the
 * same database (the same DuckDB file, or the same PostgreSQL or Trino as the same identity), in
 * pairs whose order alternates. The SQL is {@code examples/top-region.js}'s (README.md's first
 * command).
 */
public final class QueryScenario implements AutoCloseable {

  /** Revenue per region over the summary view: examples/top-region.js's query. */
  public static final String SQL =
      "SELECT region, SUM(revenue) AS total FROM invoice_summary GROUP BY region ORDER BY total DESC";

  /** The paired samples: pass time over JDBC time, and pass time minus JDBC time in ms. */
  record Pairs(double[] ratio, double[] overheadMs, double[] jdbcMs) {}

  private final CodeMode codeMode;
  private final PlainJdbc jdbc;
  private final String plainSql;
  private final boolean sameText;

  /** The most rows a pass returns; plain JDBC reads the rendering's one more, to see truncation. */
  private final int maxRows;

  private final String program;
  private final String rowsProgram;
  private final RunContext run = RunContext.of("bench", Principal.unconfined("bench"));

  /**
   * The query of examples/top-region.js ({@link #SQL}) over the sample: Code Mode with the
   * warehouse toolkit and default limits, as {@code codemode run} has it; plain JDBC runs the same
   * text, and both must read the same values.
   */
  public QueryScenario(Warehouse warehouse, PlainJdbc jdbc) throws WarehouseException {
    this(warehouse, jdbc, SQL, SQL, true, Integer.MAX_VALUE);
  }

  /**
   * {@code query}'s SQL as a program sends it, against plain JDBC running it as the allowlist
   * approved and rendered it for an unconfined reader. Only the row counts must agree: the pass
   * writes values in the JSON contract's forms (a timestamp, a decimal), which for a query of any
   * schema need not be the driver's text of them.
   *
   * @throws SqlRefusedException when the allowlist refuses the SQL, saying why
   */
  public QueryScenario(ConfiguredQuery query, PlainJdbc jdbc)
      throws SqlRefusedException, WarehouseException {
    this(
        query.warehouse(),
        jdbc,
        query.sql(),
        query.approvedSql(),
        false,
        query.warehouse().maxRows());
  }

  private QueryScenario(
      Warehouse warehouse,
      PlainJdbc jdbc,
      String sql,
      String plainSql,
      boolean sameText,
      int maxRows)
      throws WarehouseException {
    this.codeMode = WarehouseTools.of(warehouse).installInto(CodeMode.builder()).build();
    this.jdbc = jdbc;
    this.plainSql = plainSql;
    this.sameText = sameText;
    this.maxRows = maxRows;
    String query = "await warehouse.query({sql: " + JsonNodeFactory.instance.stringNode(sql) + "})";
    this.program = "async () => (" + query + ").rowCount";
    this.rowsProgram =
        "async () => { const r = "
            + query
            + "; return r.rows.map(row => r.columns.map(c => row[c.name])); }";
  }

  /** One pass of the query; returns the row count the program saw. */
  public int pass() {
    return result(program).asInt();
  }

  /** The same SQL over plain JDBC; returns the row count. */
  public int plain() throws SQLException {
    return jdbc.query(plainSql);
  }

  /**
   * The rows of one pass, each value as text the way {@link PlainJdbc#rows} gives it (the JSON
   * contract writes exact decimals as strings of their digits, so they compare digit for digit).
   */
  List<List<@Nullable String>> passRows() {
    List<List<@Nullable String>> rows = new ArrayList<>();
    for (JsonNode row : result(rowsProgram)) {
      List<@Nullable String> values = new ArrayList<>();
      row.forEach(value -> values.add(value.isNull() ? null : value.asString()));
      rows.add(values);
    }
    return rows;
  }

  private JsonNode result(String program) {
    PassOutcome outcome = codeMode.run(program, run);
    if (outcome instanceof PassFailure failure) {
      throw new IllegalStateException(
          "the query pass failed: " + failure.kind().wireName() + ": " + failure.message());
    }
    return ((PassSuccess) outcome).result();
  }

  /** The query's rows over plain JDBC, as {@link #passRows()} gives them. */
  List<List<@Nullable String>> plainRows() throws SQLException {
    return jdbc.rows(plainSql);
  }

  /**
   * Warms both paths up, checks they return the same rows (every value), then takes {@code samples}
   * alternating pairs; each loop stops early once it has spent {@code budget}.
   */
  Pairs measure(int warmUp, int samples, Duration budget) throws Exception {
    Measure.repeat(
        warmUp,
        budget,
        i -> {
          pass();
          plain();
        });
    List<List<@Nullable String>> passRows = passRows();
    List<List<@Nullable String>> plainRows = plainRows();
    if (!sameText && passRows.size() != Math.min(plainRows.size(), maxRows)) {
      throw new IllegalStateException(
          "the pass and plain JDBC disagree on the rows: the pass saw "
              + passRows.size()
              + ", plain JDBC "
              + plainRows.size()
              + " (at most "
              + maxRows
              + " returned)");
    }
    if (sameText && !passRows.equals(plainRows)) {
      throw new IllegalStateException(
          "the pass and plain JDBC disagree on the rows: the pass saw "
              + passRows
              + ", plain JDBC "
              + plainRows);
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
