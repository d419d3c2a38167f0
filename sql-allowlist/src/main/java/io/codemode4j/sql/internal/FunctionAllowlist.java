package io.codemode4j.sql.internal;

import io.codemode4j.sql.dialect.Advice;
import io.codemode4j.sql.dialect.FunctionCatalog;
import io.codemode4j.sql.dialect.Growth;
import io.codemode4j.sql.dialect.SeriesStop;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeSet;
import org.jspecify.annotations.Nullable;

/**
 * The functions a query may call, by lowercase name: the dialect's {@link FunctionCatalog} with
 * what the allowlist's builder added, and the refusal of any other name.
 *
 * <p>An allowlist, never a denylist: a name not listed is refused, whatever it does. What the
 * passes need to know of a function comes from its catalog entry, never from its name: how its
 * value may grow ({@link Growth}: {@link StringGrowth} bounds it, {@link WidthBounds} checks the
 * width or format it takes) and, for a table function, where its series stops ({@link
 * SeriesBounds}).
 */
final class FunctionAllowlist {

  /**
   * The widest {@code lpad}/{@code rpad} width, and {@code printf}/{@code format} field width,
   * accepted.
   */
  static final int MAX_PAD_WIDTH = 10_000;

  /** Each function some {@link Advice} answers, with that advice. */
  private static final Map<String, Advice> ALTERNATIVES = alternatives();

  private final FunctionCatalog catalog;
  private final Advisor advisor;

  /** {@code catalog}'s functions allowed, refusals advising what {@code advisor}'s dialect has. */
  FunctionAllowlist(FunctionCatalog catalog, Advisor advisor) {
    this.catalog = catalog;
    this.advisor = advisor;
  }

  boolean allows(String lowercaseName) {
    return catalog.functions().containsKey(lowercaseName);
  }

  /**
   * How the value of a call of {@code lowercaseName} may grow; a name not listed is an operator.
   */
  Growth growth(String lowercaseName) {
    return catalog.functions().getOrDefault(lowercaseName, Growth.AT_MOST_OPERANDS);
  }

  /** Where the series of the table function {@code lowercaseName} stops, or null if not allowed. */
  @Nullable SeriesStop series(String lowercaseName) {
    return catalog.series().get(lowercaseName);
  }

  /** Why {@code name} is refused and what to call instead. */
  String refusal(String name) {
    Advice alternative = ALTERNATIVES.get(name);
    if (alternative != null) {
      return "function '" + name + "' is not allowed: " + advisor.in(alternative);
    }
    return "function '"
        + name
        + "' is not allowed: queries may only compute over the allowlisted tables "
        + "(allowed functions: "
        + String.join(", ", new TreeSet<>(catalog.names()))
        + ")";
  }

  /**
   * Why the table function {@code name} is refused in FROM, naming the series the dialect has, or,
   * where it has none, what to do instead.
   */
  String seriesRefusal(String name) {
    String refused = name + "() in FROM is not supported by " + advisor.engine() + ": ";
    if (catalog.series().isEmpty()) {
      return refused
          + "compute the series in JavaScript, or select the distinct values the tables hold";
    }
    return refused
        + "write "
        + String.join(
            " or ",
            new TreeSet<>(catalog.series().keySet())
                .stream()
                    .map(
                        series ->
                            series
                                + "(start, stop), whose stop is "
                                + (catalog.series().get(series) == SeriesStop.INCLUDED
                                    ? "included"
                                    : "excluded"))
                    .toList());
  }

  private static Map<String, Advice> alternatives() {
    Map<String, Advice> alternatives = new HashMap<>();
    for (Advice topic : Advice.values()) {
      topic.functions().forEach(name -> alternatives.putIfAbsent(name, topic));
    }
    return Map.copyOf(alternatives);
  }
}
