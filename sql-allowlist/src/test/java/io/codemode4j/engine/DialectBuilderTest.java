package io.codemode4j.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.codemode4j.sql.QueryPolicy;
import io.codemode4j.sql.RefusalReason;
import io.codemode4j.sql.SchemaExamples;
import io.codemode4j.sql.SqlAllowlist;
import io.codemode4j.sql.SqlRefusal;
import io.codemode4j.sql.SqlRefusedException;
import io.codemode4j.sql.TenantScope;
import io.codemode4j.sql.dialect.Advice;
import io.codemode4j.sql.dialect.Dialect;
import io.codemode4j.sql.dialect.FunctionCatalog;
import io.codemode4j.sql.dialect.Growth;
import io.codemode4j.sql.dialect.Rewrites;
import io.codemode4j.sql.dialect.SqlFeature;
import io.codemode4j.sql.dialect.SyntaxCheck;
import io.codemode4j.sql.dialect.TreeRewrite;
import org.apache.calcite.sql.JoinType;
import org.apache.calcite.sql.SqlJoin;
import org.apache.calcite.sql.dialect.MysqlSqlDialect;
import org.apache.calcite.sql.type.SqlTypeName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A dialect defined outside the allowlist's packages, with its public API alone, as an engine
 * module defines one: a sketch of MariaDB's (Calcite's MySQL dialect writing ANSI quotes, for a
 * connection whose {@code sql_mode} has ANSI_QUOTES and NO_BACKSLASH_ESCAPES; no FILTER, no NULLS
 * FIRST/LAST, no FULL JOIN, a quotient of DECIMAL with four more digits). Its refusals name the
 * engine, its own check and rewrite run, and its rendering is its Calcite dialect's.
 */
class DialectBuilderTest {

  private static final MysqlSqlDialect RENDERING =
      new MysqlSqlDialect(MysqlSqlDialect.DEFAULT_CONTEXT.withIdentifierQuoteString("\""));

  /** A check of the engine's own, for what no feature expresses. */
  private static final SyntaxCheck NO_FULL_JOIN =
      call -> {
        if (call instanceof SqlJoin join && join.getJoinType() == JoinType.FULL) {
          throw SqlRefusedException.at(
              RefusalReason.UNSUPPORTED_SYNTAX,
              "FULL",
              join.getParserPosition(),
              "MariaDB has no FULL JOIN: write a LEFT JOIN UNION a RIGHT JOIN");
        }
      };

  private static final TreeRewrite DOUBLE_DIVISION =
      Rewrites.fractionalDivision("DOUBLE", SqlTypeName.DOUBLE);

  private static final SqlAllowlist ALLOWLIST =
      SqlAllowlist.builder()
          .table("orders", TenantScope.byColumn("area"))
          .table("stores", TenantScope.byColumn("area"))
          .dialect(mariaDb().build())
          .build();

  /** The sketch, every part set. */
  private static Dialect.Builder mariaDb() {
    Dialect.Builder builder =
        Dialect.builder("MariaDB")
            .supports(
                SqlFeature.NATURAL_JOIN, SqlFeature.INTERVAL_EXPRESSION, SqlFeature.DISTINCT_ON)
            .functions(
                FunctionCatalog.builder()
                    .functions("count", "sum", "avg", "min", "max", "floor", "datediff", "year")
                    .function("concat", Growth.CONCATENATES)
                    .function("lpad", Growth.PADS)
                    .build())
            .castTypes("signed", "unsigned", "decimal", "double", "char", "date", "time")
            .schema("shop")
            .rendering(RENDERING)
            .check(NO_FULL_JOIN)
            .rewrite(DOUBLE_DIVISION);
    for (Advice topic : Advice.values()) {
      builder.advice(topic, "count(*)");
    }
    return builder.advice(Advice.DAYS_BETWEEN, "datediff({later_date}, {date})");
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          SELECT count(*) FILTER (WHERE status = 'x') FROM orders       | FILTER (WHERE ...) is not supported by MariaDB: aggregate a CASE instead, e.g. sum(CASE WHEN status = 'shipped' THEN amount END)
          SELECT store_id FROM orders ORDER BY store_id NULLS FIRST     | NULLS FIRST and NULLS LAST are not supported by MariaDB
          SELECT * EXCLUDE (status) FROM orders                          | * EXCLUDE (...) is not supported by MariaDB
          SELECT 1 FROM orders FULL JOIN stores USING (store_id)         | MariaDB has no FULL JOIN
          SELECT * FROM generate_series(1, 3)                            | compute the series in JavaScript
          SELECT date_diff('day', a, b) FROM orders                      | write datediff(shipped_on, ordered_on)
          """)
  void approve_constructTheDialectLacks_isRefusedNamingIt(String sql, String message) {
    SqlRefusedException refused =
        catchThrowableOfType(
            SqlRefusedException.class, () -> ALLOWLIST.approve(sql, QueryPolicy.unscoped(5)));

    assertThat(refused).as(sql).isNotNull();
    SqlRefusal refusal = refused.refusal();
    assertThat(refusal.message()).as(refusal.toString()).contains(message);
  }

  @Test
  void render_approvedQuery_isWrittenByTheDialectsRewritesAndCalciteDialect()
      throws SqlRefusedException {
    String sql =
        ALLOWLIST
            .approve("SELECT sum(amount) / count(*) AS a FROM orders", QueryPolicy.unscoped(5))
            .sql();

    assertThat(sql)
        .contains("(SUM(\"amount\") / CAST(COUNT(*) AS DOUBLE)) AS \"a\"")
        .contains("FROM \"shop\".\"orders\"")
        .contains("LIMIT 6");
  }

  @Test
  void render_mysqlQuotingWithBackslashEscapes_quotesWithBackticksAndRefusesABackslashLiteral()
      throws SqlRefusedException {
    SqlAllowlist backticks =
        SqlAllowlist.builder()
            .table("orders", TenantScope.byColumn("area"))
            .table("stores", TenantScope.byColumn("area"))
            .dialect(mariaDb().rendering(MysqlSqlDialect.DEFAULT).readsBackslashEscapes().build())
            .build();

    assertThat(backticks.approve("SELECT status FROM orders", QueryPolicy.unscoped(5)).sql())
        .contains("`status`", "FROM `shop`.`orders`");
    // MySQL's family reads \' as a quote inside a literal: a backslash there could end it early.
    assertThatThrownBy(
            () ->
                backticks.approve(
                    "SELECT count(*) FROM orders WHERE status = 'a\\'", QueryPolicy.unscoped(5)))
        .isInstanceOf(SqlRefusedException.class)
        .hasMessageContaining("a backslash in a string literal");
    assertThat(
            ALLOWLIST
                .approve(
                    "SELECT count(*) FROM orders WHERE status = 'a\\'", QueryPolicy.unscoped(5))
                .sql())
        .contains("'a\\'");
  }

  @Test
  void inSchema_rendersTheTablesInTheOtherSchema() throws SqlRefusedException {
    assertThat(
            ALLOWLIST
                .inSchema("shop_tenant_north")
                .approve("SELECT status FROM orders", QueryPolicy.unscoped(5))
                .sql())
        .contains("FROM \"shop_tenant_north\".\"orders\"");
  }

  @Test
  void build_dialectWithoutPartsItNeeds_isRefusedListingThem() {
    assertThatThrownBy(() -> Dialect.builder("MariaDB").schema("shop").build())
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("rendering(...)")
        .hasMessageContaining("functions(...)")
        .hasMessageContaining("advice(DAYS_BETWEEN, ...)")
        // A topic with a standard form needs no advice of the dialect's own.
        .hasMessageNotContaining("advice(ORDER_BY_SELECTED, ...)")
        .hasMessageNotContaining("advice(PATTERN_MATCH, ...)");
  }

  @Test
  void build_topicWithAStandardFormLeftOut_advisesTheStandardFormAndAnOwnOneWins() {
    Dialect.Builder builder =
        Dialect.builder("Plain")
            .functions(FunctionCatalog.builder().functions("count").build())
            .schema("shop")
            .rendering(RENDERING);
    for (Advice topic : Advice.values()) {
      if (topic.standard() == null) {
        builder.advice(topic, "count(*)");
      }
    }
    Dialect dialect =
        builder.advice(Advice.ORDER_BY_SELECTED, "SELECT {group} FROM {table} ORDER BY 1").build();
    SchemaExamples examples = SchemaExamples.neutral();

    assertThat(dialect.advice(Advice.PATTERN_MATCH, examples))
        .isEqualTo(examples.fill("{category} LIKE {value_like}"));
    assertThat(dialect.advice(Advice.GROUP_BY_SELECTED, examples))
        .isEqualTo(examples.fill(Advice.GROUP_BY_SELECTED.standard()));
    assertThat(dialect.advice(Advice.ORDER_BY_SELECTED, examples))
        .isEqualTo(examples.fill("SELECT {group} FROM {table} ORDER BY 1"));
  }

  @Test
  void advice_templateWithAnUnknownPlaceholder_isRefusedAtOnce() {
    assertThatThrownBy(() -> mariaDb().advice(Advice.MEDIAN, "median({amount_cents})"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("{amount_cents}");
  }

  @Test
  void equals_sameParts_isEqualAndAnotherSchemaIsNot() {
    assertThat(mariaDb().build()).isEqualTo(mariaDb().build());
    assertThat(mariaDb().build()).isNotEqualTo(mariaDb().schema("other").build());
  }
}
