package io.codemode4j.engine.postgres;

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
class PostgresForeignSchemaTest {

  private static final SqlAllowlist TRIPS = ForeignSchema.allowlist(PostgresSql.dialect("rides"));

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          SELECT datediff('day', started_on, ended_on) FROM trips  | ended_on - started_on
          SELECT city, count(*) FROM trips GROUP BY ALL            | GROUP BY city, status or GROUP BY 1, 2
          SELECT * EXCLUDE (status) FROM trips                     | list the columns to return
          SELECT driver_id FROM trips QUALIFY row_number() OVER () = 1 | not supported by PostgreSQL
          SELECT 1 FROM trips WHERE status SIMILAR TO 'c.*'        | status LIKE 'completed%'
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
