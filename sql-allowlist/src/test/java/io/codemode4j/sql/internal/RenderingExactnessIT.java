package io.codemode4j.sql.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.codemode4j.sql.QueryPolicy;
import io.codemode4j.sql.SqlAllowlist;
import java.sql.SQLException;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The renderings known to have answered differently from the query as written, so each stays fixed:
 * run on DuckDB as written and as rendered, the two must be the same ({@link RenderingComparison}:
 * labels, types, values, success). Each row also pins what DuckDB answers as written (the type and
 * value of the first column of the first row), so a row cannot pass by both sides failing or by
 * DuckDB reading the text differently than noted.
 *
 * <p>Most were found by {@link RenderingDifferentialIT}; they are kept minimal, one cause each.
 */
class RenderingExactnessIT {

  private static final QueryPolicy POLICY = QueryPolicy.unscoped(QueryPolicy.MAX_ROWS_LIMIT);
  private static final SqlAllowlist ALLOWLIST = DifferentialTables.allowlist();

  private static Warehouse warehouse;

  @BeforeAll
  static void loadWarehouse() throws SQLException {
    warehouse = DifferentialTables.warehouse();
  }

  @AfterAll
  static void closeWarehouse() throws SQLException {
    warehouse.close();
  }

  /**
   * A query, what DuckDB returns for it as written (first column's type, first value), and why it
   * broke.
   */
  record Known(String cause, String sql, String writtenType, String writtenValue) {

    @Override
    public String toString() {
      return cause + ": " + sql;
    }
  }

  static List<Known> known() {
    return List.of(
        // :: binds tighter than any operator in DuckDB; the rendering cast the whole operation.
        new Known(":: after -", "SELECT 2.7 - 1::INT", "DECIMAL(12,1)", "BigDecimal 1.7"),
        new Known(
            ":: on a column after -",
            "SELECT 1 - discount::DECIMAL(4,2) FROM typed_values WHERE id = 2",
            "DECIMAL(13,2)",
            "BigDecimal 0.90"),
        new Known(
            ":: after +",
            "SELECT '0.1'::DECIMAL + 1::INTEGER",
            "DECIMAL(19,3)",
            "BigDecimal 1.100"),
        new Known(":: after + (label)", "SELECT 1::SMALLINT + 1::BIGINT", "BIGINT", "Long 2"),
        new Known(
            ":: after + (overflow)", "SELECT 32767::SMALLINT + 1::BIGINT", "BIGINT", "Long 32768"),
        new Known(
            ":: after AND",
            "SELECT flag AND dt >= '2024-03-01'::DATE FROM typed_values WHERE id = 2",
            "BOOLEAN",
            "Boolean false"),
        new Known(
            ":: after <> (silently other rows)",
            "SELECT count(*) FROM typed_values WHERE 1 <> x::INTEGER",
            "BIGINT",
            "Long 34"),
        new Known(
            ":: after NOT",
            "SELECT count(*) FROM typed_values WHERE NOT s::VARCHAR = 'x_y'",
            "BIGINT",
            "Long 30"),
        new Known(
            ":: after IS NOT DISTINCT FROM",
            "SELECT count(*) FROM typed_values "
                + "WHERE ts IS NOT DISTINCT FROM '2024-03-01 04:43:00'::TIMESTAMP",
            "BIGINT",
            "Long 1"),
        new Known(":: on a negative literal", "SELECT (-5)::VARCHAR", "VARCHAR", "String -5"),
        new Known(
            ":: on a subquery in WHERE",
            "SELECT count(*) FROM typed_values WHERE (SELECT count(*) FROM typed_keys)::BOOLEAN",
            "BIGINT",
            "Long 40"),
        new Known(
            ":: on a subquery with LIMIT",
            "SELECT (SELECT dt FROM typed_values ORDER BY dt LIMIT 1)::TIMESTAMP",
            "TIMESTAMP",
            "Timestamp 2024-02-20 00:00:00.0"),
        new Known(
            ":: on a subquery with LIMIT (silently another type)",
            "SELECT (SELECT k FROM typed_keys ORDER BY k LIMIT 1)::SMALLINT",
            "SMALLINT",
            "Short -3"),
        // || binds looser than arithmetic in DuckDB, as tight as * in Calcite.
        new Known("|| before +", "SELECT 'a' || 1 + 2", "VARCHAR", "String a3"),
        new Known("|| before /", "SELECT 'n' || 10 / 4", "VARCHAR", "String n2.5"),
        new Known("+ before ||", "SELECT 1 + 2 || 'a'", "VARCHAR", "String 3a"),
        // Babel could not finish a BETWEEN whose first bound has a cast.
        new Known(
            ":: in both bounds of BETWEEN",
            "SELECT count(*) FROM typed_values "
                + "WHERE dt BETWEEN '2024-02-20'::DATE AND '2024-03-01'::DATE",
            "BIGINT",
            "Long 14"),
        new Known(
            ":: after a window function",
            "SELECT percent_rank() OVER (ORDER BY id)::DECIMAL(10,2) "
                + "FROM typed_values ORDER BY id LIMIT 1",
            "DECIMAL(10,2)",
            "BigDecimal 0.00"),
        // Labels DuckDB takes from the spelling.
        new Known(
            "label of EXTRACT with a unit DuckDB knows",
            "SELECT extract(years FROM dt) FROM typed_values " + "WHERE id = 2",
            "BIGINT",
            "Long 2024"),
        new Known(
            "label of EXTRACT with another unit",
            "SELECT EXTRACT(Dow FROM dt) FROM typed_values " + "WHERE id = 2",
            "BIGINT",
            "Long 1"),
        // Calcite repeats a simple CASE's value in every WHEN, as one shared node.
        new Known(
            "ordered aggregate as a simple CASE's value",
            "SELECT CASE string_agg(v, ',' ORDER BY v DESC) "
                + "WHEN 'a' THEN 1 WHEN 'c,b,a' THEN 2 END FROM (VALUES ('a'), ('b'), ('c')) t(v)",
            "INTEGER",
            "Integer 2"),
        new Known(
            "CAST of a string to INTERVAL",
            "SELECT ts + CAST('90 minutes' AS INTERVAL) FROM typed_values " + "WHERE id = 2",
            "TIMESTAMP",
            "Timestamp 2024-02-29 02:44:00.0"),
        new Known(
            "label of current_date",
            "SELECT Current_Date > dt FROM typed_values WHERE id = 2",
            "BOOLEAN",
            "Boolean true"),
        // EXPORT_STATE after an aggregate, a keyword to DuckDB and an alias to Calcite, is refused
        // with the
        // rewrite instead (DuckDbKeywordsIT).
        // Literals re-spelled: another type, another label.
        new Known("literal 42.", "SELECT 42.", "DECIMAL(2,0)", "BigDecimal 42"),
        new Known("literal .34", "SELECT .34", "DECIMAL(2,2)", "BigDecimal 0.34"),
        new Known(
            "literal 42. in COALESCE",
            "SELECT coalesce(i, 42.) FROM typed_values WHERE id = 1",
            "DECIMAL(10,0)",
            "BigDecimal -1"),
        new Known(
            "literal .34 as text (silently another value)",
            "SELECT length(.34 || '')",
            "BIGINT",
            "Long 3"),
        new Known("literal 1e3 (label)", "SELECT 1e3", "DOUBLE", "Double 1000.0"),
        new Known("literal -0 (label)", "SELECT -0", "INTEGER", "Integer 0"),
        // Row keys: the label of an unaliased expression is DuckDB's text of what it parsed.
        new Known(
            "label of date_part",
            "SELECT date_part('dow', issued_on) FROM invoices ORDER BY invoice_id " + "LIMIT 1",
            "BIGINT",
            "Long 0"),
        new Known(
            "label of a scalar subquery",
            "SELECT (SELECT max(amount_cents) FROM invoices)",
            "BIGINT",
            "Long 114024960"),
        new Known(
            "label of trim",
            "SELECT trim(s) FROM typed_values WHERE id = 2",
            "VARCHAR",
            "String it's"),
        new Known(
            "label of a column named month in date_trunc",
            "SELECT date_trunc('hour', month) FROM invoice_summary ORDER BY 1 LIMIT 1",
            "TIMESTAMP",
            "Timestamp 2023-01-01 00:00:00.0"),
        // Renderings DuckDB cannot parse: a subquery loses its parentheses.
        new Known(
            "subquery with LIMIT in COALESCE",
            "SELECT coalesce((SELECT amount_cents FROM invoices ORDER BY amount_cents LIMIT 1), 0)",
            "BIGINT",
            "Long 984"),
        new Known(
            "subquery with LIMIT in CASE",
            "SELECT CASE WHEN id = 1 THEN (SELECT k FROM typed_keys "
                + "ORDER BY k DESC LIMIT 1) END FROM typed_values WHERE id = 1",
            "INTEGER",
            "Integer 8"),
        new Known(
            "subquery as the whole WHERE",
            "SELECT count(*) FROM typed_values WHERE (SELECT bool_or(flag) FROM typed_keys, typed_values)",
            "BIGINT",
            "Long 40"),
        new Known(
            "subquery with LIMIT as the whole WHERE",
            "SELECT count(*) FROM typed_values "
                + "WHERE (SELECT flag FROM typed_values WHERE flag ORDER BY id LIMIT 1)",
            "BIGINT",
            "Long 40"),
        new Known(
            "INTERVAL of an expression",
            "SELECT DATE '2024-01-01' + INTERVAL (i) DAYS FROM typed_values WHERE id = 2",
            "TIMESTAMP",
            "Timestamp 2024-01-07 00:00:00.0"),
        new Known(
            "INTERVAL of a negative number",
            "SELECT ts - INTERVAL (-3) DAYS FROM typed_values WHERE id = 2",
            "TIMESTAMP",
            "Timestamp 2024-03-03 01:14:00.0"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("known")
  void renderedSql_knownWrongAnswer_returnsWhatTheWrittenQueryReturns(Known known)
      throws Exception {
    RenderingComparison.Outcome written = RenderingComparison.run(warehouse, known.sql());
    assertThat(written.failed()).as("runs on DuckDB as written: %s", written).isFalse();
    assertThat(
            written.result().types().get(0)
                + " "
                + RenderingComparison.canonical(written.result().rows().get(0).get(0)))
        .as("DuckDB's answer as written")
        .isEqualTo(known.writtenType() + " " + known.writtenValue());

    String rendered = ALLOWLIST.approve(known.sql(), POLICY).sql();
    RenderingComparison.Outcome outcome = RenderingComparison.run(warehouse, rendered);

    assertThat(RenderingComparison.difference(written, outcome, true))
        .as("rendered as %s", rendered.replaceAll("\\s+", " "))
        .isEmpty();
  }
}
