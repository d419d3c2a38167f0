package io.codemode4j.warehouse;

import static org.assertj.core.api.Assertions.assertThat;

import io.codemode4j.sql.RefusalReason;
import io.codemode4j.sql.SqlRefusedException;
import io.codemode4j.sql.Tenant;
import io.codemode4j.warehouse.billing.BillingSample;
import io.codemode4j.warehouse.mariadb.MariaDbWarehouses;
import io.codemode4j.warehouse.postgres.PostgresWarehouses;
import io.codemode4j.warehouse.trino.TestTrino;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.MathContext;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.opentest4j.TestAbortedException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The allowlist's accepted corpus ({@code sql-allowlist/src/test/resources/corpus/accepted.sql}) on
 * PostgreSQL, Trino and MariaDB, each loaded from the same parquet: every query their dialects
 * accept returns the same rows as on DuckDB (values in column order; numbers compared by value,
 * exact ones to the last digit, so money to the cent; floating results to 9 significant digits;
 * dates as dates), unscoped and for a tenant (MariaDB for a tenant of one region only: its tenants
 * are databases of views of one value). A query a dialect refuses is refused for a construct,
 * function, type or schema the engine lacks, with a message naming what to write. A query whose
 * meaning differs by the engine's own rules (Trino's date subtraction, an interval where the
 * allowlist has no column types to rewrite it; division is rendered as DuckDB's) is marked in the
 * corpus ({@code -- trino: differs: why; what to write}), and then must really differ: a mark
 * cannot outlive the difference. The test counts all three outcomes per engine and holds the share
 * that returns DuckDB's rows.
 */
@TestMethodOrder(MethodOrderer.MethodName.class)
class DifferentialIT {

  private static final Path CORPUS =
      Path.of("../sql-allowlist/src/test/resources/corpus/accepted.sql");

  /** The engines compared with DuckDB, and the least share of the corpus each must run. */
  enum Engine {
    POSTGRESQL(55),
    TRINO(47),
    MARIADB(39);

    final int leastSame;
    final AtomicInteger same = new AtomicInteger();
    final AtomicInteger refused = new AtomicInteger();
    final AtomicInteger differs = new AtomicInteger();
    private Warehouse warehouse;

    /** Why the engine's cases were skipped (its server is not installed here), or null. */
    private @Nullable String unavailable;

    Engine(int leastSame) {
      this.leastSame = leastSame;
    }

    synchronized Warehouse warehouse() throws WarehouseException {
      if (warehouse == null) {
        try {
          warehouse =
              switch (this) {
                case POSTGRESQL -> PostgresWarehouses.open();
                case TRINO -> TestTrino.warehouse();
                case MARIADB -> MariaDbWarehouses.open(TestWarehouse.cacheRoot());
              };
        } catch (TestAbortedException skipped) {
          unavailable = skipped.getMessage();
          throw skipped;
        }
      }
      return warehouse;
    }

    synchronized @Nullable String unavailable() {
      return unavailable;
    }

    synchronized void close() {
      if (warehouse != null) {
        warehouse.close();
        warehouse = null;
      }
    }
  }

  /** {@code -- trino: differs: why}: the engine's answer differs by its own rules. */
  private static final Pattern DIFFERS = Pattern.compile("-- ([a-z]+): differs: (.+)");

  /**
   * Each query's timeout: generous, since the engines share two cores with the rest of the build
   * and a query's timeout is not what this test checks.
   */
  private static final Duration TIMEOUT = Duration.ofSeconds(60);

  private static Warehouse duckDb;

  /**
   * A corpus query; {@code differs} holds, by engine header ({@code trino}), why the engine's
   * answer differs from DuckDB's.
   */
  record Entry(String name, boolean unordered, Map<String, String> differs, String sql) {
    @Override
    public String toString() {
      return name;
    }
  }

  @BeforeAll
  static void open() throws WarehouseException {
    duckDb = BillingSample.open(TestWarehouse.sampleDir(), TestWarehouse.cacheRoot());
  }

  @AfterAll
  static void close() {
    duckDb.close();
    for (Engine engine : Engine.values()) {
      engine.close();
    }
  }

  static List<Entry> corpus() throws IOException {
    List<Entry> entries = new ArrayList<>();
    String name = null;
    boolean unordered = false;
    Map<String, String> differs = new HashMap<>();
    StringBuilder sql = new StringBuilder();
    for (String line : Files.readAllLines(CORPUS)) {
      if (line.startsWith("-- name: ")) {
        if (name != null) {
          entries.add(new Entry(name, unordered, Map.copyOf(differs), sql.toString().strip()));
        }
        name = line.substring("-- name: ".length());
        unordered = false;
        differs.clear();
        sql.setLength(0);
      } else if (line.startsWith("-- rows: unordered")) {
        unordered = true;
      } else if (DIFFERS.matcher(line).matches()) {
        Matcher header = DIFFERS.matcher(line);
        header.matches();
        differs.put(header.group(1), header.group(2));
      } else if (!line.startsWith("--") && name != null) {
        sql.append(line).append('\n');
      }
    }
    if (name != null) {
      entries.add(new Entry(name, unordered, Map.copyOf(differs), sql.toString().strip()));
    }
    return entries;
  }

  static Stream<Arguments> cases() throws IOException {
    List<Entry> corpus = corpus();
    return Stream.of(Engine.values())
        .flatMap(engine -> corpus.stream().map(entry -> Arguments.of(engine, entry)));
  }

  @ParameterizedTest(name = "{0}: {1}")
  @MethodSource("cases")
  void query_acceptedByTheDialect_returnsDuckDbsRows(Engine engine, Entry entry) throws Exception {
    Warehouse other = engine.warehouse();
    try {
      other.allowlist().approve(entry.sql(), other.unscoped());
    } catch (SqlRefusedException refused) {
      engine.refused.incrementAndGet();
      // Refused for what the engine lacks (a construct, function, type or DuckDB's schema main),
      // and the message goes on
      // after its colon with what to write or what is allowed instead.
      assertThat(refused.refusal().reason())
          .as("%s: %s", engine, refused.refusal())
          .isIn(
              RefusalReason.UNSUPPORTED_SYNTAX,
              RefusalReason.FUNCTION_NOT_ALLOWED,
              RefusalReason.TYPE_NOT_ALLOWED,
              RefusalReason.SCHEMA_NOT_ALLOWED);
      assertThat(refused.refusal().message()).matches("(?s).+: .+");
      return;
    }
    String differs = entry.differs().get(engine.name().toLowerCase(Locale.ROOT));
    if (differs != null) {
      assertThat(differsOrFails(entry, other))
          .as("%s is marked '%s' but answers as DuckDB does: drop the mark", engine, differs)
          .isTrue();
      engine.differs.incrementAndGet();
      return;
    }
    assertSameRows(
        entry,
        duckDb.query(entry.sql(), duckDb.unscoped(), TIMEOUT),
        other.query(entry.sql(), other.unscoped(), TIMEOUT));
    // A MariaDB tenant is a database of views of one region (MariaDbLockdown): a tenant of two
    // regions has no user there and is refused (TenantScopingIT).
    List<Tenant> tenants =
        engine == Engine.MARIADB
            ? List.of(Tenant.of("emea"))
            : List.of(Tenant.of("emea"), Tenant.of("apac", "emea"));
    for (Tenant tenant : tenants) {
      assertSameRows(
          entry,
          duckDb.query(entry.sql(), duckDb.forTenant(tenant), TIMEOUT),
          other.query(entry.sql(), other.forTenant(tenant), TIMEOUT));
    }
    engine.same.incrementAndGet();
  }

  /**
   * Division keeps the fraction on every engine, compared to eight decimals: the corpus's
   * comparison within rounding could not tell a cent rounded away from a large total, or a
   * truncated quotient. PostgreSQL's quotient is an exact numeric (a string), Trino's a double as
   * DuckDB's.
   */
  @ParameterizedTest
  @EnumSource(Engine.class)
  void query_division_keepsDuckDbsFraction(Engine engine) throws Exception {
    String sql =
        "SELECT 7 / 2 AS half, 12345 / 100 AS cents, 12345 / 100.0 AS scaled,"
            + " 100.0 * 1 / 3 AS share, count(*) / 3 AS third, sum(amount_cents) / 100 AS dollars,"
            + " round(sum(amount_cents) / 300, 2) AS rounded"
            + " FROM invoices";
    List<JsonNode> want = values(duckDb.query(sql, duckDb.unscoped(), TIMEOUT)).get(0);
    List<JsonNode> got =
        values(engine.warehouse().query(sql, engine.warehouse().unscoped(), TIMEOUT)).get(0);

    assertThat(want.get(0).asDouble()).isEqualTo(3.5);
    assertThat(want.get(1).asDouble()).isEqualTo(123.45);
    assertThat(got).hasSameSizeAs(want);
    for (int c = 0; c < want.size(); c++) {
      assertThat(twelveDigits(got.get(c)))
          .as("column %d of %s on %s: %s", c, sql, engine, got.get(c))
          .isEqualTo(twelveDigits(want.get(c)));
    }
  }

  private static BigDecimal twelveDigits(JsonNode value) {
    BigDecimal exact =
        value.isString() ? new BigDecimal(value.asString()) : new BigDecimal(value.asDouble());
    return exact.round(new MathContext(12)).stripTrailingZeros();
  }

  /** Whether the engine fails the query or answers other rows than DuckDB. */
  private static boolean differsOrFails(Entry entry, Warehouse other) throws Exception {
    QueryResult answer;
    try {
      answer = other.query(entry.sql(), other.unscoped(), TIMEOUT);
    } catch (WarehouseException failed) {
      return failed.kind() == WarehouseException.Kind.DATABASE;
    }
    try {
      assertSameRows(entry, duckDb.query(entry.sql(), duckDb.unscoped(), TIMEOUT), answer);
      return false;
    } catch (AssertionError different) {
      return true;
    }
  }

  @Test
  void z_corpus_mostQueriesRunOnEveryEngineWithTheSameRows() throws IOException {
    // Runs after the parameterised cases: methods run in name order.
    for (Engine engine : Engine.values()) {
      // An engine whose server is not installed here skipped every case of its own (a JUnit
      // assumption): there is nothing of it to count, and its cases say why.
      if (engine.unavailable() != null) {
        continue;
      }
      assertThat(engine.same.get() + engine.refused.get() + engine.differs.get())
          .as(engine.name())
          .isEqualTo(corpus().size());
      assertThat(engine.same.get())
          .as("%s: refused %d, differs %d", engine, engine.refused.get(), engine.differs.get())
          .isGreaterThanOrEqualTo(engine.leastSame);
    }
  }

  private static void assertSameRows(Entry entry, QueryResult expected, QueryResult actual) {
    List<List<JsonNode>> want = values(expected);
    List<List<JsonNode>> got = values(actual);
    if (entry.unordered()) {
      Comparator<List<JsonNode>> order = Comparator.comparing(DifferentialIT::rough);
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
