package io.codemode4j.sql.internal;

import io.codemode4j.sql.QueryPolicy;
import io.codemode4j.sql.RefusalReason;
import io.codemode4j.sql.SqlAllowlist;
import io.codemode4j.sql.SqlRefusedException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The differential test of the rendering, in the spirit of SQLancer: thousands of generated queries
 * ({@link QueryGenerator}) run on DuckDB as written and as rendered by {@link
 * SqlAllowlist#approve}, and the two outcomes must be the same ({@link RenderingComparison}):
 * labels, types, values, success.
 *
 * <p>{@code -Dcodemode.differential.queries=N} runs N queries (3000 by default), {@code
 * -Dcodemode.differential.seed=S} another seed; the same seed gives the same queries. A refusal is
 * not a difference, it is counted by reason; a query that fails on DuckDB as written and is
 * refused, or fails both ways, is the generator's mistake, counted and required to stay rare so the
 * test keeps testing.
 *
 * <p>Every difference and generator mistake of a run is written to {@code
 * target/rendering-differential-<seed>.txt}; the failure lists a few of each kind.
 *
 * <p>Approval is without a tenant and with a row limit above any generated result, so neither the
 * tenant filter nor the row cap changes what the rendering returns.
 */
class RenderingDifferentialIT {

  private static final int DEFAULT_QUERIES = 3000;
  private static final long DEFAULT_SEED = 20261201L;
  private static final int LISTED = 20;
  private static final QueryPolicy POLICY = QueryPolicy.unscoped(QueryPolicy.MAX_ROWS_LIMIT);

  private static Warehouse warehouse;

  @BeforeAll
  static void loadWarehouse() throws SQLException {
    warehouse = DifferentialTables.warehouse();
  }

  @AfterAll
  static void closeWarehouse() throws SQLException {
    warehouse.close();
  }

  /** One generated query whose rendering answered differently. */
  private record Found(String written, String rendered, RenderingComparison.Difference difference) {

    /** The aspects, and for a failure the error message up to its first quote or parenthesis. */
    String kind() {
      String detail = difference.detail();
      boolean failure =
          difference.aspects().contains(RenderingComparison.Aspect.RENDERED_FAILS)
              || difference.aspects().contains(RenderingComparison.Aspect.WRITTEN_FAILS);
      return difference.aspects() + (failure ? detail.split("['\"(]", 3)[1] : "");
    }

    @Override
    public String toString() {
      return difference.aspects()
          + ": "
          + difference.detail()
          + "\n    written:  "
          + written
          + "\n    rendered: "
          + rendered.replaceAll("\\s+", " ");
    }
  }

  /**
   * At most {@link #LISTED} differences, taken in turn from each kind (its aspects and, for a
   * failure, DuckDB's error up to its first detail), so one frequent kind does not hide the others.
   */
  private static List<Found> sample(List<Found> found) {
    Map<String, List<Found>> byKind = new LinkedHashMap<>();
    for (Found f : found) {
      byKind.computeIfAbsent(f.kind(), k -> new ArrayList<>()).add(f);
    }
    List<Found> sample = new ArrayList<>();
    for (int round = 0; sample.size() < Math.min(LISTED, found.size()); round++) {
      for (List<Found> kind : byKind.values()) {
        if (round < kind.size() && sample.size() < LISTED) {
          sample.add(kind.get(round));
        }
      }
    }
    return sample;
  }

  /** Where every difference and generator mistake of a run is written, for triage. */
  private static Path report(long seed) {
    return Path.of("target", "rendering-differential-" + seed + ".txt");
  }

  private static void writeReport(
      long seed, String summary, List<Found> found, List<String> mistakes) {
    List<String> lines = new ArrayList<>();
    lines.add(summary);
    found.forEach(f -> lines.add(f.toString()));
    lines.add("generator mistakes:");
    lines.addAll(mistakes);
    try {
      Files.createDirectories(report(seed).getParent());
      Files.write(report(seed), lines);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Test
  void renderedSql_generatedQueries_returnWhatTheWrittenQueriesReturn() {
    int queries = Integer.getInteger("codemode.differential.queries", DEFAULT_QUERIES);
    long seed = Long.getLong("codemode.differential.seed", DEFAULT_SEED);
    SqlAllowlist allowlist = DifferentialTables.allowlist();
    QueryGenerator generator = new QueryGenerator(seed);

    int ran = 0;
    int writtenFailsAndRefused = 0;
    int bothFail = 0;
    Map<RefusalReason, Integer> refused = new TreeMap<>();
    Map<RenderingComparison.Aspect, Integer> differences =
        new EnumMap<>(RenderingComparison.Aspect.class);
    List<Found> found = new ArrayList<>();
    List<String> generatorMistakes = new ArrayList<>();
    for (int q = 0; q < queries; q++) {
      QueryGenerator.Query query = generator.next();
      RenderingComparison.Outcome written = RenderingComparison.run(warehouse, query.sql());
      String rendered;
      try {
        rendered = allowlist.approve(query.sql(), POLICY).sql();
      } catch (SqlRefusedException refusal) {
        refused.merge(refusal.refusal().reason(), 1, Integer::sum);
        if (written.failed()) {
          writtenFailsAndRefused++;
          generatorMistakes.add(
              query.sql() + "\n    refused: " + refusal.getMessage() + "\n    " + written);
        }
        continue;
      }
      ran++;
      RenderingComparison.Outcome outcome = RenderingComparison.run(warehouse, rendered);
      if (written.failed() && outcome.failed()) {
        bothFail++;
        generatorMistakes.add(query.sql() + "\n    " + written);
      }
      Optional<RenderingComparison.Difference> difference =
          RenderingComparison.difference(written, outcome, query.ordered());
      if (difference.isPresent()) {
        difference.get().aspects().forEach(aspect -> differences.merge(aspect, 1, Integer::sum));
        found.add(new Found(query.sql(), rendered, difference.get()));
      }
    }

    int refusedTotal = refused.values().stream().mapToInt(Integer::intValue).sum();
    String summary =
        "seed "
            + seed
            + ": generated "
            + queries
            + ", ran "
            + ran
            + ", refused "
            + refusedTotal
            + " "
            + refused
            + ", written fails and refused "
            + writtenFailsAndRefused
            + ", both fail "
            + bothFail
            + ", differences "
            + found.size()
            + " (queries; by aspect "
            + differences
            + ")";
    System.out.println("RenderingDifferentialIT " + summary);
    writeReport(seed, summary, found, generatorMistakes);
    SoftAssertions softly = new SoftAssertions();
    softly
        .assertThat(found.size())
        .as(
            "%s%n%d differences, a few of each kind (all in %s):%n%s",
            summary,
            Math.min(LISTED, found.size()),
            report(seed),
            String.join("\n", sample(found).stream().map(Found::toString).toList()))
        .isZero();
    softly
        .assertThat(writtenFailsAndRefused + bothFail)
        .as("queries the generator got wrong, at most 5%%: %s", summary)
        .isLessThanOrEqualTo(queries / 20);
    softly
        .assertThat(ran)
        .as("queries approved and run, at least 80%%: %s", summary)
        .isGreaterThanOrEqualTo(queries * 4 / 5);
    softly.assertAll();
  }
}
