package io.codemode4j.sql.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.codemode4j.sql.QueryPolicy;
import io.codemode4j.sql.RefusalReason;
import io.codemode4j.sql.RefusedQueriesTest;
import io.codemode4j.sql.SampleTables;
import io.codemode4j.sql.SqlAllowlist;
import io.codemode4j.sql.SqlRefusal;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code ::} binds tighter than every operator, as in DuckDB; Babel alone casts everything to its
 * left. The expected renderings were checked against DuckDB's reading of the submitted text ({@code
 * RenderingExactnessIT} runs both).
 */
class CastPrecedenceTest {

  private static final SqlAllowlist ALLOWLIST = SampleTables.allowlist();

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiterString = "=>",
      quoteCharacter = '`',
      textBlock =
          """
            # submitted expression                  => rendered expression
            2.7 - 1::INT                            => (2.7 - (1 :: INTEGER))
            1 - a::DECIMAL(4,2)                     => (1 - ("a" :: DECIMAL(4, 2)))
            '0.1'::DECIMAL + 1::INTEGER             => (('0.1' :: DECIMAL) + (1 :: INTEGER))
            a + b::INT * c                          => ("a" + (("b" :: INTEGER) * "c"))
            a + b * c::INT                          => ("a" + ("b" * ("c" :: INTEGER)))
            x AND d >= '2024-03-01'::DATE           => ("x" AND ("d" >= ('2024-03-01' :: DATE)))
            NOT x::BOOLEAN                          => (NOT ("x" :: BOOLEAN))
            - x::INT                                => (- ("x" :: INTEGER))
            -5::VARCHAR                             => (- (5 :: VARCHAR))
            (-5)::VARCHAR                           => ((-5) :: VARCHAR)
            a - - 5::INT                            => ("a" - (- (5 :: INTEGER)))
            a BETWEEN b AND c::INT                  => ("a" BETWEEN ASYMMETRIC "b" AND ("c" :: INTEGER))
            a LIKE b::VARCHAR                       => ("a" LIKE ("b" :: VARCHAR))
            a || b::VARCHAR                         => ("a" || ("b" :: VARCHAR))
            a + b::INT::VARCHAR                     => ("a" + (("b" :: INTEGER) :: VARCHAR))
            a + (b + c::INT)::VARCHAR               => ("a" + (("b" + ("c" :: INTEGER)) :: VARCHAR))
            (a + b)::INT                            => (("a" + "b") :: INTEGER)
            (a) + (b)::INT                          => ("a" + ("b" :: INTEGER))
            a::INT + b                              => (("a" :: INTEGER) + "b")
            b AND x IS NULL::INT                    => ("b" AND (("x" IS NULL) :: INTEGER))
            1 + x IS NULL::INT                      => (((1 + "x") IS NULL) :: INTEGER)
            b AND x IN (1, 2)::BOOLEAN              => ("b" AND (("x" IN (1, 2)) :: BOOLEAN))
            a = (SELECT 1)::INT                     => ("a" = ((((SELECT 1))) :: INTEGER))
            a + coalesce(b, 1)::INT                 => ("a" + (COALESCE("b", 1) :: INTEGER))
            a + CASE WHEN b THEN 1 END::INT         => ("a" + ((CASE WHEN "b" THEN 1 ELSE NULL END) :: INTEGER))
            """)
  void approve_castInAnyOperandPosition_castsTheOperandDuckDbCasts(
      String expression, String rendered) throws Exception {
    String sql = ALLOWLIST.approve("SELECT " + expression + " AS v", QueryPolicy.unscoped(1)).sql();

    assertThat(sql).startsWith("SELECT " + rendered + " AS \"v\"");
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiterString = "=>",
      quoteCharacter = '`',
      textBlock =
          """
            # submitted condition                                   => rendered condition
            d BETWEEN '2024-01-01'::DATE AND '2024-03-31'::DATE      => ("d" BETWEEN ASYMMETRIC ('2024-01-01' :: DATE) AND ('2024-03-31' :: DATE))
            d NOT BETWEEN x.a::DATE AND 5::INT + 1                  => ("d" NOT BETWEEN ASYMMETRIC ("x"."a" :: DATE) AND ((5 :: INTEGER) + 1))
            d BETWEEN 1.5::DECIMAL(4,2) AND "b"::INT                => ("d" BETWEEN ASYMMETRIC (1.5 :: DECIMAL(4, 2)) AND ("b" :: INTEGER))
            d BETWEEN a::DATE AND b AND divide(x.a, -3)::INT > 0     => (("d" BETWEEN ASYMMETRIC ("a" :: DATE) AND "b") AND (("divide"("x"."a", (-3)) :: INTEGER) > 0))
            d BETWEEN a::DATE AND b AND length(x.a)::INT > 0         => (("d" BETWEEN ASYMMETRIC ("a" :: DATE) AND "b") AND (("length"("x"."a") :: INTEGER) > 0))
            """)
  void approve_castsBabelCannotFinish_areParsedAsDuckDbGroupsThem(String condition, String rendered)
      throws Exception {
    String sql =
        ALLOWLIST
            .approve("SELECT 1 AS v FROM invoices x WHERE " + condition, QueryPolicy.unscoped(1))
            .sql();

    assertThat(TenantRewriteTest.collapse(sql)).contains("WHERE " + rendered + " LIMIT 2");
  }

  @Test
  void approve_castBabelCannotFinishAfterAKeywordItDoesNotKnow_keepsBabelsRefusal() {
    SqlRefusal refusal =
        RefusedQueriesTest.refusalOf(
            "SELECT 1 FROM invoices WHERE issued_on BETWEEN DATE '2024-01-01'::DATE AND issued_on",
            QueryPolicy.unscoped(1));

    assertThat(refusal.reason()).isEqualTo(RefusalReason.SYNTAX);
    assertThat(refusal.message()).contains("BETWEEN");
  }

  @Test
  void approve_refusalAfterALexicalReparse_isReportedWhereTheSubmittedTextHasIt() {
    String sql =
        "SELECT getenv('HOME') FROM invoices\nWHERE issued_on BETWEEN '2024-01-01'::DATE AND now()::DATE";

    SqlRefusal refusal = RefusedQueriesTest.refusalOf(sql, QueryPolicy.unscoped(1));

    assertThat(refusal.element()).isEqualTo("getenv");
    assertThat(refusal.line()).isEqualTo(1);
    assertThat(refusal.column()).isEqualTo(8);
  }

  @Test
  void approve_castsAcrossLines_castTheOperandDuckDbCasts() throws Exception {
    String sql =
        ALLOWLIST
            .approve("SELECT\r\n\t2.7 -\n 1::INT AS v,\r a + b::INT AS w", QueryPolicy.unscoped(1))
            .sql();

    assertThat(sql)
        .startsWith(
            "SELECT (2.7 - (1 :: INTEGER)) AS \"v\", (\"a\" + (\"b\" :: INTEGER)) AS \"w\"");
  }

  @Test
  void approve_castInsideStringOrComment_isLeftAlone() throws Exception {
    String sql =
        ALLOWLIST
            .approve("SELECT 'a + b::INT' AS v /* c + d::INT */", QueryPolicy.unscoped(1))
            .sql();

    assertThat(sql).startsWith("SELECT 'a + b::INT' AS \"v\"");
  }

  @Test
  void approve_refusalAfterAReparse_isReportedWhereTheSubmittedTextHasIt() {
    String sql = "SELECT 1 + a::INT + b::INT,\n  2 - c::INT, getenv('HOME') FROM invoices";

    SqlRefusal refusal = RefusedQueriesTest.refusalOf(sql, QueryPolicy.unscoped(1));

    assertThat(refusal.element()).isEqualTo("getenv");
    assertThat(refusal.line()).isEqualTo(2);
    assertThat(refusal.column()).isEqualTo(15);
  }
}
