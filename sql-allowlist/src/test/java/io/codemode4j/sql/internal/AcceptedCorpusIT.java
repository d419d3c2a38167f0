package io.codemode4j.sql.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.codemode4j.sql.ApprovedQuery;
import io.codemode4j.sql.Corpus;
import io.codemode4j.sql.QueryPolicy;
import io.codemode4j.sql.SampleTables;
import io.codemode4j.sql.SqlAllowlist;
import java.sql.SQLException;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Runs every accepted corpus query twice against the sample warehouse, as written and as rendered
 * by the allowlist, and requires the same columns and rows: rendering must not change what a query
 * means. The queries the core parser reads are also rendered through the Babel-only path: the two
 * give the same rows.
 */
class AcceptedCorpusIT {

  private static final SqlAllowlist ALLOWLIST = SampleTables.allowlist();
  private static final Approver BABEL_ONLY = BabelOnly.defaults();
  private static final int MAX_ROWS = 100_000;

  private static Warehouse warehouse;

  @BeforeAll
  static void loadWarehouse() throws SQLException {
    warehouse = Warehouse.all();
  }

  @AfterAll
  static void closeWarehouse() throws SQLException {
    warehouse.close();
  }

  static List<Corpus.Entry> accepted() {
    return Corpus.read("/corpus/accepted.sql").entries();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("accepted")
  void renderedSql_analystQuery_returnsWhatTheOriginalReturns(Corpus.Entry entry) throws Exception {
    ApprovedQuery approved = ALLOWLIST.approve(entry.sql(), QueryPolicy.unscoped(MAX_ROWS));

    Warehouse.Result original = warehouse.query(entry.sql());
    Warehouse.Result rendered = warehouse.query(approved.sql());

    assertThat(original.rows()).as("the corpus query returns rows").isNotEmpty();
    assertThat(original.rows())
        .as("the corpus query is not truncated")
        .hasSizeLessThanOrEqualTo(MAX_ROWS);
    assertSameResult(rendered, original, !"unordered".equals(entry.attributes().get("rows")));
  }

  static List<Corpus.Entry> acceptedByCore() {
    return accepted().stream()
        .filter(entry -> QueryParser.parseWithCore(entry.sql()).isPresent())
        .toList();
  }

  @Test
  void acceptedByCore_corpus_holdsMostQueries() {
    assertThat(acceptedByCore()).hasSizeGreaterThanOrEqualTo(40);
  }

  /**
   * The queries the core parser reads, rendered through each parser path: the same rows from
   * DuckDB.
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("acceptedByCore")
  void renderedSql_coreAndBabelPaths_returnTheSameResult(Corpus.Entry entry) throws Exception {
    String core = ALLOWLIST.approve(entry.sql(), QueryPolicy.unscoped(MAX_ROWS)).sql();
    String babel = BABEL_ONLY.approve(entry.sql(), QueryPolicy.unscoped(MAX_ROWS)).sql();

    if (!core.equals(babel)) {
      assertSameResult(
          warehouse.query(core),
          warehouse.query(babel),
          !"unordered".equals(entry.attributes().get("rows")));
    }
    assertThat(warehouse.query(core).rows()).isNotEmpty();
  }

  @Test
  void renderedSql_moreRowsThanMaxRows_fetchesMaxRowsPlusOne() throws Exception {
    String sql =
        "SELECT invoice_id, amount_cents FROM invoices ORDER BY amount_cents DESC, invoice_id LIMIT 50";

    ApprovedQuery approved = ALLOWLIST.approve(sql, QueryPolicy.unscoped(7));
    Warehouse.Result rendered = warehouse.query(approved.sql());

    assertThat(rendered.rows()).hasSize(8);
    assertThat(rendered.rows()).isEqualTo(warehouse.query(sql).rows().subList(0, 8));
  }

  @Test
  void renderedSql_unorderedQueryOverMaxRows_fetchesMaxRowsPlusOne() throws Exception {
    ApprovedQuery approved =
        ALLOWLIST.approve("SELECT * FROM invoice_lines", QueryPolicy.unscoped(3));

    assertThat(warehouse.query(approved.sql()).rows()).hasSize(4);
  }

  @Test
  void renderedSql_offsetAndMaxRows_keepsTheOffset() throws Exception {
    String sql = "SELECT invoice_id FROM invoices ORDER BY invoice_id LIMIT 100 OFFSET 10";

    ApprovedQuery approved = ALLOWLIST.approve(sql, QueryPolicy.unscoped(4));

    assertThat(warehouse.query(approved.sql()).rows())
        .isEqualTo(warehouse.query(sql).rows().subList(0, 5));
  }

  static void assertSameResult(
      Warehouse.Result actual, Warehouse.Result expected, boolean ordered) {
    assertThat(actual.columns()).isEqualTo(expected.columns());
    assertThat(actual.types()).as("column types").isEqualTo(expected.types());
    List<List<Object>> actualRows = ordered ? actual.rows() : sorted(actual.rows());
    List<List<Object>> expectedRows = ordered ? expected.rows() : sorted(expected.rows());
    assertThat(actualRows).hasSameSizeAs(expectedRows);
    for (int i = 0; i < expectedRows.size(); i++) {
      assertThat(sameRow(actualRows.get(i), expectedRows.get(i)))
          .as("row %d: %s vs %s", i, actualRows.get(i), expectedRows.get(i))
          .isTrue();
    }
  }

  private static List<List<Object>> sorted(List<List<Object>> rows) {
    return rows.stream().sorted(Comparator.comparing(Object::toString)).toList();
  }

  /**
   * Equal values; doubles within 1e-9 relative, as parallel aggregation may sum in another order.
   */
  private static boolean sameRow(List<Object> actual, List<Object> expected) {
    if (actual.size() != expected.size()) {
      return false;
    }
    for (int i = 0; i < actual.size(); i++) {
      Object a = actual.get(i);
      Object e = expected.get(i);
      boolean same =
          a instanceof Double x && e instanceof Double y
              ? Math.abs(x - y) <= 1e-9 * Math.max(1.0, Math.max(Math.abs(x), Math.abs(y)))
              : Objects.equals(a, e);
      if (!same) {
        return false;
      }
    }
    return true;
  }
}
