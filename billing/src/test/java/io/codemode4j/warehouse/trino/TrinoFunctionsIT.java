package io.codemode4j.warehouse.trino;

import static org.assertj.core.api.Assertions.assertThat;

import io.codemode4j.engine.trino.TrinoSql;
import io.codemode4j.sql.QueryPolicy;
import io.codemode4j.sql.SqlAllowlist;
import io.codemode4j.sql.SqlRefusedException;
import io.codemode4j.sql.dialect.Dialect;
import io.codemode4j.warehouse.billing.BillingTrino;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * The Trino dialect's lists against a real Trino 476 ({@link TestTrino}): each default function
 * that is not grammar is one {@code SHOW FUNCTIONS} lists for the analyst, each cast type is a type
 * Trino casts to, and each name the dialect reads as a call is one Trino evaluates without a column
 * of that name.
 */
class TrinoFunctionsIT {

  /** Names the dialect allows that Trino parses as grammar, not as catalog functions. */
  private static final Set<String> GRAMMAR =
      Set.of("coalesce", "nullif", "if", "extract", "position", "current_timestamp", "grouping");

  private static final Dialect TRINO = TrinoSql.dialect(TestTrino.CATALOG, TestTrino.SCHEMA);

  @Test
  void defaultFunctions_exceptGrammar_areListedByShowFunctions() throws SQLException {
    Set<String> listed = new HashSet<>();
    try (Connection analyst = TestTrino.connect(TestTrino.ANALYST);
        Statement s = analyst.createStatement();
        ResultSet rs = s.executeQuery("SHOW FUNCTIONS")) {
      while (rs.next()) {
        listed.add(rs.getString("Function"));
      }
    }
    List<String> missing = new ArrayList<>();
    for (String name : new TreeSet<>(TRINO.functions().names())) {
      if (!GRAMMAR.contains(name) && !listed.contains(name)) {
        missing.add(name);
      }
    }

    assertThat(missing).as("not a Trino function").isEmpty();
  }

  @Test
  void grammarNames_areAllInTheDefaults_soTheSkipListHidesNoTypo() {
    assertThat(TRINO.functions().names()).containsAll(GRAMMAR);
  }

  @Test
  void grammarNames_runOnTrinoAsTheRendererWritesThem() throws Exception {
    SqlAllowlist allowlist = BillingTrino.allowlist(TestTrino.CATALOG, TestTrino.SCHEMA);
    List<String> queries =
        List.of(
            "SELECT coalesce(NULL, 1) AS a, nullif(1, 1) AS b, if(1 = 1, 'y', 'n') AS c",
            "SELECT extract(YEAR FROM DATE '2024-01-31') AS y, position('b' IN 'abc') AS p",
            "SELECT current_timestamp AS t, current_date AS d",
            "SELECT region, grouping(region) AS g, count(*) AS n FROM customers"
                + " GROUP BY ROLLUP (region)");
    for (String sql : queries) {
      runs(allowlist, sql);
    }
  }

  @Test
  void castTypes_areTypesTrinoCastsTo() throws Exception {
    SqlAllowlist allowlist = BillingTrino.allowlist(TestTrino.CATALOG, TestTrino.SCHEMA);
    for (String type : new TreeSet<>(TRINO.castTypes())) {
      runs(allowlist, "SELECT CAST(NULL AS " + type + ") AS v");
    }
  }

  @Test
  void valueKeywords_areEvaluatedByTrinoWhereNoColumnHasTheName() throws SQLException {
    List<String> notCalls = new ArrayList<>();
    try (Connection analyst = TestTrino.connect(TestTrino.ANALYST);
        Statement s = analyst.createStatement()) {
      for (String name : new TreeSet<>(TRINO.valueKeywords())) {
        try {
          s.executeQuery("SELECT " + name).close();
        } catch (SQLException e) {
          notCalls.add(name + ": " + e.getMessage());
        }
      }
    }

    assertThat(notCalls).isEmpty();
  }

  private static void runs(SqlAllowlist allowlist, String sql)
      throws SQLException, SqlRefusedException {
    String rendered = allowlist.approve(sql, QueryPolicy.unscoped(10)).sql();
    try (Connection analyst = TestTrino.connect(TestTrino.ANALYST);
        Statement s = analyst.createStatement();
        ResultSet rs = s.executeQuery(rendered)) {
      assertThat(rs.next()).as(rendered).isTrue();
    } catch (SQLException e) {
      throw new SQLException(rendered + ": " + e.getMessage(), e);
    }
  }
}
