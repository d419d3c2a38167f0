package io.codemode4j.engine.trino;

import io.codemode4j.sql.ForeignSchema;
import io.codemode4j.sql.SqlAllowlist;
import io.codemode4j.sql.SqlRefusedException;
import io.codemode4j.sql.dialect.Advice;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A schema that is not billing's, in this engine's dialect: every refusal and advice names its
 * tables and columns ({@link ForeignSchema}), never a billing name.
 */
class TrinoForeignSchemaTest {

  private static final SqlAllowlist TRIPS =
      ForeignSchema.allowlist(TrinoSql.dialect("lake", "rides"));

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          SELECT median(fare_cents) FROM trips                     | FROM trips) AS ranked
          SELECT 1 FROM trips NATURAL JOIN drivers                 | JOIN trips USING (driver_id) or JOIN trips t ON t.driver_id = d.driver_id
          SELECT 1 FROM trips WHERE status ILIKE 'c%'              | lower(status) LIKE 'completed%'
          SELECT DISTINCT ON (driver_id) driver_id FROM trips      | PARTITION BY driver_id ORDER BY started_on DESC
          SELECT year(started_on) AS y FROM trips GROUP BY ROLLUP (year(started_on)) | e.g. year(started_on) AS year
          SELECT * FROM range(3)                                   | range() in FROM is not supported by Trino
          """)
  void approve_refusalOverAForeignSchema_namesItsTablesAndColumns(String sql, String expected) {
    ForeignSchema.assertRefusalNamesTheSchema(TRIPS, sql, expected);
  }

  @ParameterizedTest
  @EnumSource(Advice.class)
  void advice_everyTopic_isOverTheExamplesAndApproved(Advice topic) throws SqlRefusedException {
    ForeignSchema.assertAdviceApproved(TRIPS, topic);
  }
}
