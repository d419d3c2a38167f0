package io.codemode4j.warehouse.postgres;

import static org.assertj.core.api.Assertions.assertThat;

import io.codemode4j.sql.SqlRefusedException;
import io.codemode4j.sql.Tenant;
import io.codemode4j.warehouse.QueryResult;
import io.codemode4j.warehouse.Warehouse;
import io.codemode4j.warehouse.WarehouseException;
import io.codemode4j.warehouse.billing.BillingSample;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.MathContext;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The allowlist's accepted corpus ({@code sql-allowlist/src/test/resources/corpus/accepted.sql}) on
 * DuckDB and on PostgreSQL, both loaded from the same parquet: every query the PostgreSQL dialect
 * accepts returns the same rows as on DuckDB (values in column order; numbers compared by value,
 * exact ones to the last digit, so money to the cent; floating results to 9 significant digits;
 * dates as dates), unscoped and for a tenant. A query it refuses is refused for a construct or
 * function PostgreSQL lacks, with a message naming what to write; the test counts both and holds
 * the accepted share.
 */
@TestMethodOrder(MethodOrderer.MethodName.class)
class PostgresDifferentialIT {

  private static final Path CORPUS =
      Path.of("../sql-allowlist/src/test/resources/corpus/accepted.sql");

  private static final AtomicInteger SAME = new AtomicInteger();
  private static final AtomicInteger REFUSED = new AtomicInteger();

  private static Warehouse duckDb;
  private static Warehouse postgres;

  record Entry(String name, boolean unordered, String sql) {
    @Override
    public String toString() {
      return name;
    }
  }

  @BeforeAll
  static void open() throws WarehouseException {
    duckDb =
        BillingSample.open(
            TestPostgres.sampleDir(), Path.of(System.getProperty("java.io.tmpdir"), "pgdiff"));
    postgres = PostgresWarehouses.open();
  }

  @AfterAll
  static void close() {
    duckDb.close();
    postgres.close();
  }

  static List<Entry> corpus() throws IOException {
    List<Entry> entries = new ArrayList<>();
    String name = null;
    boolean unordered = false;
    StringBuilder sql = new StringBuilder();
    for (String line : Files.readAllLines(CORPUS)) {
      if (line.startsWith("-- name: ")) {
        if (name != null) {
          entries.add(new Entry(name, unordered, sql.toString().strip()));
        }
        name = line.substring("-- name: ".length());
        unordered = false;
        sql.setLength(0);
      } else if (line.startsWith("-- rows: unordered")) {
        unordered = true;
      } else if (!line.startsWith("--") && name != null) {
        sql.append(line).append('\n');
      }
    }
    if (name != null) {
      entries.add(new Entry(name, unordered, sql.toString().strip()));
    }
    return entries;
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("corpus")
  void query_acceptedOnPostgres_returnsDuckDbsRows(Entry entry) throws Exception {
    QueryResult onPostgres;
    try {
      postgres.allowlist().approve(entry.sql(), postgres.unscoped());
    } catch (SqlRefusedException refused) {
      REFUSED.incrementAndGet();
      assertThat(refused.refusal().message()).contains(":");
      return;
    }
    onPostgres = postgres.query(entry.sql(), postgres.unscoped());
    QueryResult onDuckDb = duckDb.query(entry.sql(), duckDb.unscoped());
    assertSameRows(entry, onDuckDb, onPostgres);
    Tenant emea = Tenant.of("emea");
    assertSameRows(
        entry,
        duckDb.query(entry.sql(), duckDb.forTenant(emea)),
        postgres.query(entry.sql(), postgres.forTenant(emea)));
    SAME.incrementAndGet();
  }

  @Test
  void z_corpus_mostQueriesRunOnPostgresWithTheSameRows() throws IOException {
    // Runs after the parameterised cases: methods run in name order.
    assertThat(SAME.get() + REFUSED.get()).isEqualTo(corpus().size());
    assertThat(SAME.get()).as("refused: %d", REFUSED.get()).isGreaterThanOrEqualTo(40);
  }

  private static void assertSameRows(Entry entry, QueryResult expected, QueryResult actual) {
    List<List<JsonNode>> want = values(expected);
    List<List<JsonNode>> got = values(actual);
    if (entry.unordered()) {
      Comparator<List<JsonNode>> order = Comparator.comparing(PostgresDifferentialIT::rough);
      want.sort(order);
      got.sort(order);
    }
    assertThat(got).as(entry.sql()).hasSameSizeAs(want);
    for (int r = 0; r < want.size(); r++) {
      assertThat(got.get(r)).as("row %d of %s", r, entry.sql()).hasSameSizeAs(want.get(r));
      for (int c = 0; c < want.get(r).size(); c++) {
        JsonNode a = want.get(r).get(c);
        JsonNode b = got.get(r).get(c);
        if (floating(a) || floating(b)) {
          assertThat(number(b))
              .as("row %d column %d of %s", r, c, entry.sql())
              .isCloseTo(number(a), org.assertj.core.data.Percentage.withPercentage(1e-7));
        } else {
          assertThat(canonical(b))
              .as("row %d column %d of %s", r, c, entry.sql())
              .isEqualTo(canonical(a));
        }
      }
    }
  }

  private static List<List<JsonNode>> values(QueryResult result) {
    List<List<JsonNode>> rows = new ArrayList<>();
    for (ObjectNode row : result.rows()) {
      rows.add(new ArrayList<>(row.values()));
    }
    return rows;
  }

  /** A JSON double (DuckDB's DOUBLE, AVG) is compared within rounding, not digit by digit. */
  private static boolean floating(JsonNode value) {
    return value.isDouble() || value.isFloat();
  }

  private static double number(JsonNode value) {
    return value.isNumber() ? value.asDouble() : Double.parseDouble(value.asString());
  }

  private static String rough(List<JsonNode> row) {
    StringBuilder key = new StringBuilder();
    for (JsonNode value : row) {
      String text = canonical(value);
      key.append(
              text.matches("-?\\d+(\\.\\d+)?")
                  ? new BigDecimal(text).round(new MathContext(6)).toPlainString()
                  : text)
          .append('|');
    }
    return key.toString();
  }

  /**
   * A value as text both engines agree on: exact numbers by value, midnight timestamps as dates.
   */
  private static String canonical(JsonNode value) {
    if (value.isNull()) {
      return "null";
    }
    String text = value.isString() ? value.asString() : value.toString();
    if (text.matches("-?\\d+(\\.\\d+)?")) {
      return new BigDecimal(text).stripTrailingZeros().toPlainString();
    }
    if (text.matches("\\d{4}-\\d{2}-\\d{2}T00:00(:00)?([+-]\\d{2}:\\d{2}|Z)?")) {
      return text.substring(0, 10);
    }
    return text;
  }
}
