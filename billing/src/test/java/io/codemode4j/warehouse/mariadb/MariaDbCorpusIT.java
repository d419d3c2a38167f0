package io.codemode4j.warehouse.mariadb;

import static org.assertj.core.api.Assertions.assertThat;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.codemode4j.engine.mariadb.MariaDbColumnTypes;
import io.codemode4j.engine.mariadb.MariaDbEngine;
import io.codemode4j.engine.mariadb.MariaDbSql;
import io.codemode4j.engine.mariadb.TestMariaDb;
import io.codemode4j.sql.QueryPolicy;
import io.codemode4j.sql.SqlAllowlist;
import io.codemode4j.sql.SqlRefusedException;
import io.codemode4j.warehouse.JdbcPools;
import io.codemode4j.warehouse.SqlLiterals;
import io.codemode4j.warehouse.billing.BillingSample;
import java.math.BigDecimal;
import java.math.MathContext;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;

/**
 * The allowlist's accepted corpus on MariaDB: every query approved by the MariaDB dialect over the
 * billing tables ({@code BillingSample.description(dir).allowlist(MariaDbSql.dialect("billing",
 * types))}, the column types read from the server as {@link MariaDbEngine} reads them), its
 * rendering run on MariaDB as the reader through the engine's pool (no default database: the
 * rendering names every table's database), and the same query run by DuckDB's allowlist on DuckDB
 * over the same parquet. Each query must either answer DuckDB's rows or be refused by the
 * allowlist: never a different answer, and never an error MariaDB raises that the dialect should
 * have refused. Rows are compared as {@code DifferentialIT} compares them (numbers by value,
 * floating ones to 1e-9 relative, midnight timestamps as dates). The dialect without column types
 * ({@link MariaDbSql#dialect(String)}) is held to the same, refusing more. Each outcome goes to
 * {@code target/mariadb-corpus.txt}; the floors hold today's counts, so a change that loses a query
 * is seen.
 */
class MariaDbCorpusIT {

  private static final Path CORPUS =
      TestBillingMariaDb.sampleDir()
          .resolve("../../sql-allowlist/src/test/resources/corpus/accepted.sql")
          .normalize();

  private static final int MAX_ROWS = 1000;

  /** How one query fared. */
  enum Outcome {
    SAME,
    REFUSED,
    DIFFERS,
    MARIADB_ERROR
  }

  /** The dialect the corpus is approved by. */
  enum Typing {
    /** The column types read from the server, as the engine opens a warehouse. */
    KNOWN,
    /** No column types: {@code MariaDbSql.dialect("billing")}. */
    UNKNOWN
  }

  /** The least number of queries answering DuckDB's rows, of 84; NOTES.md says why the others. */
  private static final Map<Typing, Integer> LEAST_SAME = Map.of(Typing.KNOWN, 0, Typing.UNKNOWN, 0);

  record Entry(String name, boolean unordered, String sql) {}

  @Test
  void corpus_onMariaDb_answersDuckDbsRowsOrIsRefused() throws Exception {
    TestBillingMariaDb.start();
    List<Entry> corpus = corpus();
    SqlAllowlist duckAllowlist = BillingSample.allowlist();
    QueryPolicy policy = QueryPolicy.unscoped(MAX_ROWS);
    Map<Typing, Map<Outcome, Integer>> counts = new EnumMap<>(Typing.class);
    List<String> wrong = new ArrayList<>();
    StringBuilder report = new StringBuilder();
    HikariConfig config =
        new MariaDbEngine()
            .pool(TestMariaDb.url(""), TestBillingMariaDb.READER, TestMariaDb.PASSWORD);
    config.setMaximumPoolSize(1);
    try (Connection duck = duckDb();
        Statement duckSql = duck.createStatement();
        HikariDataSource pool = JdbcPools.open(config);
        Connection maria = pool.getConnection();
        Statement mariaSql = maria.createStatement()) {
      mariaSql.setQueryTimeout(60);
      Map<Typing, SqlAllowlist> allowlists = new EnumMap<>(Typing.class);
      allowlists.put(
          Typing.KNOWN,
          TestBillingMariaDb.allowlist(
              MariaDbColumnTypes.read(maria, TestBillingMariaDb.DATABASE)));
      allowlists.put(Typing.UNKNOWN, TestBillingMariaDb.allowlist(MariaDbColumnTypes.UNKNOWN));
      for (Entry entry : corpus) {
        List<List<Object>> want = rows(duckSql, duckAllowlist.approve(entry.sql(), policy).sql());
        for (Typing typing : Typing.values()) {
          String sql = "";
          Outcome outcome;
          String why;
          try {
            sql = allowlists.get(typing).approve(entry.sql(), policy).sql();
            why = difference(entry, want, rows(mariaSql, sql));
            outcome = why == null ? Outcome.SAME : Outcome.DIFFERS;
          } catch (SqlRefusedException e) {
            outcome = Outcome.REFUSED;
            why = e.refusal().message();
          } catch (SQLException e) {
            outcome = Outcome.MARIADB_ERROR;
            why = e.getMessage();
          }
          counts
              .computeIfAbsent(typing, t -> new EnumMap<>(Outcome.class))
              .merge(outcome, 1, Integer::sum);
          if (outcome == Outcome.DIFFERS || outcome == Outcome.MARIADB_ERROR) {
            wrong.add(typing + " " + outcome + " " + entry.name() + ": " + why + "\n    " + sql);
          }
          report
              .append(typing)
              .append(" | ")
              .append(outcome)
              .append(" | ")
              .append(entry.name())
              .append(why == null ? "" : " | " + why.replace('\n', ' '))
              .append(outcome == Outcome.SAME ? "" : "\n    " + sql.replace('\n', ' '))
              .append('\n');
        }
      }
    }
    report.insert(0, "corpus " + corpus.size() + " queries: " + counts + "\n");
    Files.createDirectories(Path.of("target"));
    Files.writeString(Path.of("target/mariadb-corpus.txt"), report);
    System.out.println(report.substring(0, report.indexOf("\n")));

    assertThat(wrong).as("answered otherwise than DuckDB, or failed on MariaDB").isEmpty();
    for (Typing typing : Typing.values()) {
      assertThat(counts.get(typing).getOrDefault(Outcome.SAME, 0))
          .as("%s: %s", typing, counts)
          .isGreaterThanOrEqualTo(LEAST_SAME.get(typing));
    }
  }

  private static Connection duckDb() throws SQLException {
    Connection duck = DriverManager.getConnection("jdbc:duckdb:");
    try (Statement sql = duck.createStatement()) {
      for (String table : List.of("customers", "invoices", "invoice_lines")) {
        String file =
            TestBillingMariaDb.sampleDir().resolve(table + ".parquet").toAbsolutePath().toString();
        sql.execute(
            "CREATE VIEW "
                + table
                + " AS SELECT * FROM read_parquet("
                + SqlLiterals.quote(file)
                + ")");
      }
      sql.execute("CREATE VIEW invoice_summary AS " + BillingSample.invoiceSummaryQuery(""));
    }
    return duck;
  }

  static List<Entry> corpus() throws Exception {
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

  private static List<List<Object>> rows(Statement statement, String sql) throws SQLException {
    List<List<Object>> rows = new ArrayList<>();
    try (ResultSet rs = statement.executeQuery(sql)) {
      int columns = rs.getMetaData().getColumnCount();
      while (rs.next()) {
        List<Object> row = new ArrayList<>();
        for (int c = 1; c <= columns; c++) {
          Object value = rs.getObject(c);
          row.add(value == null ? "null" : value);
        }
        rows.add(row);
      }
    }
    return rows;
  }

  /** Why {@code got} is not {@code want}, or {@code null} when it is. */
  private static @Nullable String difference(
      Entry entry, List<List<Object>> want, List<List<Object>> got) {
    if (entry.unordered()) {
      Comparator<List<Object>> order = Comparator.comparing(MariaDbCorpusIT::rough);
      want.sort(order);
      got.sort(order);
    }
    if (want.size() != got.size()) {
      return "rows: DuckDB " + want.size() + ", MariaDB " + got.size();
    }
    for (int r = 0; r < want.size(); r++) {
      if (want.get(r).size() != got.get(r).size()) {
        return "columns: DuckDB " + want.get(r).size() + ", MariaDB " + got.get(r).size();
      }
      for (int c = 0; c < want.get(r).size(); c++) {
        Object a = want.get(r).get(c);
        Object b = got.get(r).get(c);
        if (!same(a, b)) {
          return "row "
              + r
              + " column "
              + c
              + ": DuckDB "
              + canonical(a)
              + " ("
              + a.getClass().getSimpleName()
              + "), MariaDB "
              + canonical(b)
              + " ("
              + b.getClass().getSimpleName()
              + ")";
        }
      }
    }
    return null;
  }

  private static boolean same(Object a, Object b) {
    if ((a instanceof Double || a instanceof Float || b instanceof Double || b instanceof Float)
        && a instanceof Number x
        && b instanceof Number y) {
      double p = x.doubleValue();
      double q = y.doubleValue();
      return p == q || Math.abs(p - q) <= 1e-9 * Math.max(Math.abs(p), Math.abs(q));
    }
    return canonical(a).equals(canonical(b));
  }

  private static String canonical(Object value) {
    Object v = value;
    if (v instanceof java.sql.Date date) {
      v = date.toLocalDate();
    } else if (v instanceof java.sql.Timestamp timestamp) {
      v = timestamp.toLocalDateTime();
    }
    if (v instanceof LocalDateTime time
        && time.toLocalTime().equals(java.time.LocalTime.MIDNIGHT)) {
      return time.toLocalDate().toString();
    }
    if (v instanceof LocalDate || v instanceof LocalDateTime) {
      return v.toString();
    }
    if (v instanceof Number number) {
      return new BigDecimal(number.toString()).stripTrailingZeros().toPlainString();
    }
    return String.valueOf(v);
  }

  private static String rough(List<Object> row) {
    StringBuilder key = new StringBuilder();
    for (Object value : row) {
      String text = canonical(value);
      key.append(
              text.matches("-?\\d+(\\.\\d+)?")
                  ? new BigDecimal(text).round(new MathContext(6)).toPlainString()
                  : text)
          .append('|');
    }
    return key.toString();
  }
}
