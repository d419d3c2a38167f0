package io.codemode4j.sql.dialect;

import io.codemode4j.sql.internal.Names;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * The functions a dialect allows by default, by lowercase name, each with what the allowlist needs
 * to know of it, as Calcite's {@code SqlLibraryOperators} lists a library's functions.
 *
 * <p>An allowlist, never a denylist: a name not listed is refused, whatever it does. List only
 * functions that compute from their arguments alone (or read the clock): nothing that reads files,
 * URLs, settings, the catalog or the session, changes state, sleeps, or builds arrays, maps, JSON
 * or other values the allowlist cannot bound. Each name should be checked against the engine's own
 * catalog by a test that runs the engine.
 *
 * @param functions the functions a query may call where a value stands (scalar, aggregate and
 *     window functions), each with how long its value may grow ({@link Growth}); a function that
 *     builds strings must be listed with its rule, every other one is {@link
 *     Growth#AT_MOST_OPERANDS}
 * @param series the table functions a query may call in FROM, each a series of numbers or
 *     timestamps whose rows the allowlist counts before running ({@link SeriesStop}); a dialect
 *     without one refuses every table function
 */
public record FunctionCatalog(Map<String, Growth> functions, Map<String, SeriesStop> series) {

  /**
   * The aggregates of standard SQL (SQL:2003's set functions) that every engine here runs alike:
   * listed once, so a dialect names only what its engine adds ({@link Builder#standardAggregates}).
   */
  public static final List<String> STANDARD_AGGREGATES =
      List.of(
          "count", "sum", "avg", "min", "max", "stddev_pop", "stddev_samp", "var_pop", "var_samp");

  /**
   * The window functions of standard SQL (SQL:2003) that every engine here runs alike ({@link
   * Builder#standardWindowFunctions}).
   */
  public static final List<String> STANDARD_WINDOW_FUNCTIONS =
      List.of(
          "row_number",
          "rank",
          "dense_rank",
          "percent_rank",
          "cume_dist",
          "ntile",
          "lag",
          "lead",
          "first_value",
          "last_value",
          "nth_value");

  public FunctionCatalog {
    functions = Map.copyOf(functions);
    series = Map.copyOf(series);
    functions.keySet().forEach(name -> Names.requireIdentifier(name, "function"));
    series.keySet().forEach(name -> Names.requireIdentifier(name, "table function"));
  }

  /** An empty catalog: add the functions with {@link Builder}. */
  public static Builder builder() {
    return new Builder();
  }

  /** The names a query may call where a value stands. */
  public Set<String> names() {
    return functions.keySet();
  }

  /**
   * This catalog with {@code names} allowed as well, each {@link Growth#AT_MOST_OPERANDS} unless
   * this catalog already lists it: what {@link io.codemode4j.sql.SqlAllowlist.Builder#functions}
   * adds to a dialect's defaults.
   */
  public FunctionCatalog with(Set<String> names) {
    Map<String, Growth> more = new LinkedHashMap<>(functions);
    names.forEach(name -> more.putIfAbsent(name, Growth.AT_MOST_OPERANDS));
    return new FunctionCatalog(more, series);
  }

  /** Collects a catalog's functions; not thread-safe, use once. */
  public static final class Builder {

    private final Map<String, Growth> functions = new LinkedHashMap<>();
    private final Map<String, SeriesStop> series = new LinkedHashMap<>();

    private Builder() {}

    /** Allows {@code names}, lowercase, each returning at most its longest operand. */
    public Builder functions(String... names) {
      for (String name : names) {
        function(name, Growth.AT_MOST_OPERANDS);
      }
      return this;
    }

    /** Allows the aggregates of standard SQL, {@link #STANDARD_AGGREGATES}. */
    public Builder standardAggregates() {
      return functions(STANDARD_AGGREGATES.toArray(String[]::new));
    }

    /** Allows the window functions of standard SQL, {@link #STANDARD_WINDOW_FUNCTIONS}. */
    public Builder standardWindowFunctions() {
      return functions(STANDARD_WINDOW_FUNCTIONS.toArray(String[]::new));
    }

    /** Allows {@code name}, lowercase, whose value grows as {@code growth} says. */
    public Builder function(String name, Growth growth) {
      functions.put(Names.requireIdentifier(name, "function"), Objects.requireNonNull(growth));
      return this;
    }

    /** Allows the series table function {@code name}, lowercase, in FROM. */
    public Builder series(String name, SeriesStop stop) {
      series.put(Names.requireIdentifier(name, "table function"), Objects.requireNonNull(stop));
      return this;
    }

    public FunctionCatalog build() {
      return new FunctionCatalog(functions, series);
    }
  }
}
