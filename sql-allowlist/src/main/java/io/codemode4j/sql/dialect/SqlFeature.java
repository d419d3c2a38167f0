package io.codemode4j.sql.dialect;

/**
 * A construct the allowlist's parser reads that some engine lacks or reads otherwise, as Calcite's
 * {@code SqlConformance} and {@code SqlDialect.supports*} name what a dialect allows.
 *
 * <p>The parser reads DuckDB's SQL, so {@link Dialect#duckDb()} supports every feature; a dialect
 * lists those its engine has ({@link Dialect.Builder#supports}), and one check pass refuses, in an
 * approved query, every construct whose feature the dialect lacks, with one message per feature
 * that names the engine and gives the dialect's {@link Advice} ("QUALIFY is not supported by
 * PostgreSQL: compute the window function in a subquery ..."). A feature is listed only if its
 * construct, rendered by the dialect's Calcite {@code SqlDialect}, means on the engine what DuckDB
 * means by it; a construct the engine writes otherwise but with the same meaning needs a rewrite
 * ({@link TreeRewrite}), not a missing feature.
 *
 * <p>Fail-closed: a constant added here is a construct no dialect built before it supports until
 * its author lists it.
 */
public enum SqlFeature {

  /** {@code GROUP BY ALL} and {@code ORDER BY ALL}: every selected column that is no aggregate. */
  GROUP_AND_ORDER_BY_ALL,

  /** {@code QUALIFY}: a filter on window functions after they are computed. */
  QUALIFY,

  /** {@code SELECT * EXCLUDE (a, b)}. */
  STAR_EXCLUDE,

  /** {@code SELECT * REPLACE (expression AS a)}. */
  STAR_REPLACE,

  /** {@code SELECT DISTINCT ON (a) ...}: the first row of each group of {@code a}. */
  DISTINCT_ON,

  /**
   * {@code IGNORE NULLS} and {@code RESPECT NULLS} on a function, e.g. {@code lag(x IGNORE NULLS)}.
   */
  NULL_TREATMENT,

  /**
   * A null treatment beside an ordering inside one call, {@code first(x ORDER BY d IGNORE NULLS)};
   * an engine that takes a null treatment only after the call's arguments lacks it.
   */
  NULL_TREATMENT_WITH_ORDER,

  /** {@code INTERVAL (expression) DAY}: an interval of a computed number of units. */
  INTERVAL_EXPRESSION,

  /**
   * An interval written as one string of numbers and units, {@code INTERVAL '30 days'} or {@code '1
   * year 2 months'::INTERVAL}.
   */
  INTERVAL_STRING,

  /** {@code TRY_CAST(x AS type)}: NULL where the value does not convert. */
  TRY_CAST,

  /** {@code ILIKE} and {@code NOT ILIKE}: LIKE without regard to case. */
  ILIKE,

  /**
   * {@code SIMILAR TO} as the parser's SQL reads it: its pattern a regular expression ({@code .}
   * any character). An engine that reads SQL's pattern ({@code .} a dot, {@code %} any text) lacks
   * it.
   */
  SIMILAR_TO,

  /** {@code NATURAL JOIN}: a join on every column of the same name. */
  NATURAL_JOIN,

  /** {@code BETWEEN SYMMETRIC}: a range whose bounds may come in either order. */
  BETWEEN_SYMMETRIC,

  /** An expression, not only a column, in {@code GROUPING SETS}, {@code ROLLUP} or {@code CUBE}. */
  GROUPING_EXPRESSIONS,

  /** {@code FILTER (WHERE ...)} after an aggregate call. */
  AGGREGATE_FILTER,

  /** {@code NULLS FIRST} and {@code NULLS LAST} in an ordering. */
  NULLS_ORDERING
}
