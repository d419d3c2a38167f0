package io.codemode4j.sql.dialect;

import io.codemode4j.sql.SqlRefusedException;
import io.codemode4j.sql.internal.Names;
import io.codemode4j.sql.internal.TrinoFunctions;
import io.codemode4j.sql.internal.TrinoRenderer;
import java.util.Map;
import java.util.Set;
import org.apache.calcite.sql.SqlNode;

/**
 * Trino: rendering (and the refusal of what Trino lacks) by {@link TrinoRenderer}, functions of
 * {@link TrinoFunctions#DEFAULTS}, the built-in types below, the names Trino's grammar reads as
 * calls ({@code current_date}, {@code current_user} ...), and no postfix keywords.
 */
final class TrinoDialect extends Dialect {

  /**
   * Types a CAST (or {@code ::}, rendered as CAST) may name: Trino's built-in scalar types under
   * the names Trino parses ({@code int} is its one alias; it has no {@code text}, {@code numeric},
   * {@code float}, {@code int8} or {@code timestamptz}), no array, map, row, JSON or IP type.
   */
  static final Set<String> CAST_TYPES =
      Set.of(
          "boolean",
          "tinyint",
          "smallint",
          "integer",
          "int",
          "bigint",
          "real",
          "double",
          "decimal",
          "varchar",
          "char",
          "date",
          "time",
          "timestamp");

  /**
   * The names Trino's grammar reads as calls wherever a column could stand, quoted or not: its
   * date-time keywords and the session's user, catalog, schema and path. A column reference with
   * one of these names is checked as a call of that function.
   */
  static final Set<String> VALUE_KEYWORDS =
      Set.of(
          "current_catalog",
          "current_date",
          "current_path",
          "current_schema",
          "current_time",
          "current_timestamp",
          "current_user",
          "localtime",
          "localtimestamp");

  private final String catalog;
  private final String schema;

  TrinoDialect(String catalog, String schema) {
    this.catalog = Names.requireIdentifier(catalog, "catalog");
    this.schema = Names.requireIdentifier(schema, "schema");
  }

  @Override
  public String name() {
    return "Trino";
  }

  @Override
  public String render(SqlNode approved) throws SqlRefusedException {
    return TrinoRenderer.render(approved);
  }

  @Override
  public Set<String> defaultFunctions() {
    return TrinoFunctions.DEFAULTS;
  }

  @Override
  public Set<String> castTypes() {
    return CAST_TYPES;
  }

  @Override
  public Set<String> valueKeywords() {
    return VALUE_KEYWORDS;
  }

  @Override
  public Map<String, String> postfixKeywords() {
    return Map.of();
  }

  @Override
  public String schema() {
    return schema;
  }

  @Override
  public String catalog() {
    return catalog;
  }

  @Override
  public boolean keepsBareTableNames() {
    return false;
  }

  /**
   * Decided: Trino's own functions where it has them ({@code date_diff}, {@code date_add}, {@code
   * date_format}, {@code count_if}, {@code if}, {@code listagg}); its median is the exact middle of
   * the ordered rows (the one or two middle ranks, found without a division), since its one
   * percentile function ({@code approx_percentile}) is approximate; integer division truncates the
   * quotient, since {@code /} is rendered as DuckDB's floating division; one row per group is the
   * window function filtered in an outer query, as on PostgreSQL.
   */
  @Override
  public String advice(Advice topic) {
    return switch (topic) {
      case DAYS_BETWEEN -> "date_diff('day', issued_on, paid_on)";
      case DAYS_LATER -> "date_add('day', 30, issued_on)";
      case DAYS_AS_INTERVAL -> "30 * INTERVAL '1' DAY";
      case DATE_PART -> "year(issued_on)";
      case MONTH_AS_TEXT -> "date_format(issued_on, '%Y-%m')";
      case MEDIAN ->
          "SELECT avg(amount_cents) AS median FROM (SELECT amount_cents, row_number() OVER (ORDER BY"
              + " amount_cents) AS n, count(*) OVER () AS c FROM invoices) AS ranked WHERE 2 * n - c"
              + " BETWEEN 0 AND 2";
      case COUNT_WHERE -> "count_if(status = 'paid')";
      case CONDITIONAL -> "if(status = 'paid', amount_cents, 0)";
      case INTEGER_DIVISION -> "CAST(truncate(amount_cents / 100) AS BIGINT)";
      case VALUES_AS_TEXT -> "listagg(status, ', ') WITHIN GROUP (ORDER BY status)";
      case LATEST_PER_GROUP ->
          "SELECT customer_id, issued_on FROM (SELECT customer_id, issued_on, row_number() OVER "
              + "(PARTITION BY customer_id ORDER BY issued_on DESC) AS n FROM invoices) AS latest "
              + "WHERE n = 1";
      case GROUP_BY_SELECTED -> "SELECT region, status, count(*) FROM invoices GROUP BY 1, 2";
      case ORDER_BY_SELECTED -> "SELECT region, status FROM invoices ORDER BY 1, 2";
    };
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof TrinoDialect that
        && catalog.equals(that.catalog)
        && schema.equals(that.schema);
  }

  @Override
  public int hashCode() {
    return 31 * catalog.hashCode() + schema.hashCode();
  }
}
