package io.codemode4j.sql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.codemode4j.sql.dialect.Advice;
import io.codemode4j.sql.dialect.Dialect;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Refusals and advice over a warehouse's own schema: an allowlist of {@code trips} and {@code
 * drivers}, given its own {@link SchemaExamples}, shows SQL over those tables and their columns, on
 * every dialect, and never a name of the billing sample the allowlist's tests otherwise use.
 */
class SchemaExamplesTest {

  private static final SchemaExamples TRIPS = ForeignSchema.TRIPS;

  private static final SqlAllowlist TRIPS_DUCKDB = ForeignSchema.allowlist(Dialect.duckDb());

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          SELECT datediff('day', started_on, ended_on) FROM trips  | date_diff('day', started_on, ended_on)
          SELECT * FROM 'trips.parquet'                            | e.g. FROM trips
          FROM trips SELECT *                                      | e.g. SELECT * FROM trips
          SELECT * FROM other.trips                                | e.g. trips (allowed prefixes
          SELECT * FROM trips t ANTI JOIN drivers d USING (driver_id) | SELECT 1 FROM drivers d WHERE d.driver_id = t.driver_id
          SELECT city, count(*) FROM trips GROUP BY ALL WHERE city = 'x' | SELECT city, status, count(*) FROM trips GROUP BY ALL
          """)
  void approve_refusalOverAForeignSchema_namesItsTablesAndColumns(String sql, String expected) {
    ForeignSchema.assertRefusalNamesTheSchema(TRIPS_DUCKDB, sql, expected);
  }

  @ParameterizedTest
  @EnumSource(Advice.class)
  void advice_everyTopic_isOverTheExamplesAndApproved(Advice topic) throws SqlRefusedException {
    ForeignSchema.assertAdviceApproved(TRIPS_DUCKDB, topic);
  }

  @Test
  void approve_allowlistWithoutExamples_advisesOverNeutralNames() {
    SqlAllowlist allowlist = SqlAllowlist.builder().table("t", TenantScope.shared()).build();

    SqlRefusal refusal = refusalOf(allowlist, "SELECT datediff('day', a, b) FROM t");

    assertThat(refusal.message()).contains("date_diff('day', ordered_on, shipped_on)");
    assertThat(allowlist.examples()).isEqualTo(SchemaExamples.neutral());
  }

  @Test
  void build_examplesNamingATableNotAllowlisted_isRefusedSayingSo() {
    assertThatThrownBy(
            () ->
                SqlAllowlist.builder().table("trips", TenantScope.shared()).examples(TRIPS).build())
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("example table drivers is not allowlisted");
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          {table} JOIN {related_table} USING ({key})     | trips JOIN drivers USING (driver_id)
          {category} = {value}                           | status = 'completed'
          {category} LIKE {value_like}                   | status LIKE 'completed%'
          regexp_like({category}, {value_regex})         | regexp_like(status, '^completed')
          {table_alias}.{key} = {related_alias}.{key}    | t.driver_id = d.driver_id
          date_diff('day', {date}, {later_date}), {amount} | date_diff('day', started_on, ended_on), fare_cents
          """)
  void fill_placeholders_areTheRolesNames(String template, String filled) {
    assertThat(TRIPS.fill(template)).isEqualTo(filled);
  }

  @Test
  void fill_valueWithQuotesAndPatternCharacters_isQuotedForEachUse() {
    SchemaExamples examples =
        new SchemaExamples("a", "b", "k", "c", "it's 50%_off.", "g", "d", "e", "m");

    assertThat(examples.fill("{value} {value_like} {value_regex}"))
        .isEqualTo("'it''s 50%_off.' 'it''s 50off.%' '^it''s 50%_off\\.'");
  }

  @Test
  void fill_sameInitialTables_getApartAliases() {
    SchemaExamples examples =
        new SchemaExamples("trips", "taxis", "k", "c", "v", "g", "d", "e", "m");

    assertThat(examples.fill("{table_alias} {related_alias}")).isEqualTo("t t2");
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '`',
      textBlock =
          """
          {tables}       | '{tables}' in
          {              | '{' in
          {Table}        | '{Table}' in
          """)
  void fill_braceThatIsNoPlaceholder_isRefusedListingThem(String template, String message) {
    assertThatThrownBy(() -> TRIPS.fill(template))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining(message)
        .hasMessageContaining("{related_table}");
  }

  @Test
  void schemaExamples_oneTableOneDateOneText_reuseTheirColumns() {
    SchemaExamples small =
        new SchemaExamples(
            "trips", "trips", "driver", "status", "done", "status", "day", "day", "fare");

    assertThat(small.fill("SELECT {group}, {category} FROM {table}"))
        .isEqualTo("SELECT status, status FROM trips");
    assertThat(small.fill("{later_date} - {date}")).isEqualTo("day - day");
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          trips | d     | k    | k | v | g | d2 | e | m | plays two roles
          trips | d     | k    | c | v | k | d2 | e | m | plays two roles
          trips | d     | k    | c | v | g | d2 | e | c | plays two roles
          trips | d     | k    | c | v | g | d2 | k | m | plays two roles
          Trips | d     | k    | c | v | g | d2 | e | m | [a-z_][a-z0-9_]*
          trips | d     | k    | c |   | g | d2 | e | m | categoryValue
          """)
  void schemaExamples_invalidRoles_areRefusedSayingWhy(
      String table,
      String related,
      String key,
      String category,
      String value,
      String group,
      String date,
      String later,
      String amount,
      String message) {
    assertThatThrownBy(
            () ->
                new SchemaExamples(
                    table, related, key, category, value, group, date, later, amount))
        .hasMessageContaining(message);
  }

  private static SqlRefusal refusalOf(SqlAllowlist allowlist, String sql) {
    return ForeignSchema.refusalOf(allowlist, sql);
  }
}
