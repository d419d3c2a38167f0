package io.codemode4j.bench;

import io.codemode4j.sql.ApprovedQuery;
import io.codemode4j.sql.QueryPolicy;
import io.codemode4j.sql.SqlAllowlist;
import io.codemode4j.sql.Tenant;
import io.codemode4j.warehouse.WarehouseTools;
import io.codemode4j.warehouse.billing.BillingSample;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.OptionalDouble;

/**
 * Allowlist cost per query over the accepted-query corpus: parse, check, tenant rewrite (tenant
 * {@code emea}) and render, as {@link SqlAllowlist#approve} does them; and as a fraction of
 * DuckDB's execution time of the approved SQL over plain JDBC on the bundled data.
 *
 * <p>{@code allowlist_us} is the uncached cost: it is measured on an allowlist configured like the
 * warehouse's ({@link BillingSample#allowlist()}) but with its approval cache off, since every
 * round repeats the same 61 texts and would otherwise time map lookups. What a repeated query costs
 * on the warehouse's own (cached) allowlist is reported as progress only.
 */
final class AllowlistScenario {

  static final QueryPolicy POLICY =
      QueryPolicy.forTenant(Tenant.of("emea"), WarehouseTools.MAX_ROWS);

  private final Effort effort;
  private final Bench.Results results;

  AllowlistScenario(Effort effort, Bench.Results results) {
    this.effort = effort;
    this.results = results;
  }

  /**
   * @param cached the warehouse's allowlist, with its approval cache; the metrics are measured on
   *     the same configuration without the cache
   */
  void run(SqlAllowlist cached, PlainJdbc jdbc) throws Exception {
    SqlAllowlist allowlist = BillingSample.builder().approvalCacheSize(0).build();
    List<AcceptedCorpus.Query> corpus = AcceptedCorpus.queries();
    List<ApprovedQuery> approved = new ArrayList<>();
    for (AcceptedCorpus.Query query : corpus) {
      approved.add(allowlist.approve(query.sql(), POLICY));
    }
    results.progress(
        "allowlist: "
            + corpus.size()
            + " corpus queries, "
            + effort.allowlistWarmUpRounds()
            + " warm-up and "
            + effort.allowlistRounds()
            + " measured rounds, "
            + effort.executionRounds()
            + " rounds of DuckDB execution");
    Measure.repeat(
        effort.allowlistWarmUpRounds(),
        effort.stepBudget(),
        round -> {
          for (AcceptedCorpus.Query query : corpus) {
            allowlist.approve(query.sql(), POLICY);
          }
        });
    int queries = corpus.size();
    double[][] approval = new double[effort.allowlistRounds()][queries];
    int rounds =
        Measure.repeat(
            approval.length,
            effort.stepBudget(),
            round -> {
              for (int q = 0; q < queries; q++) {
                String sql = corpus.get(q).sql();
                approval[round][q] = Measure.millis(() -> allowlist.approve(sql, POLICY)) * 1000;
              }
            });
    for (ApprovedQuery query : approved) {
      jdbc.query(query.sql());
    }
    double[][] execution = new double[effort.executionRounds()][queries];
    int executions =
        Measure.repeat(
            execution.length,
            effort.stepBudget(),
            round -> {
              for (int q = 0; q < queries; q++) {
                String sql = approved.get(q).sql();
                execution[round][q] = Measure.millis(() -> jdbc.query(sql)) * 1000;
              }
            });
    double[] fraction = new double[queries];
    for (int q = 0; q < queries; q++) {
      fraction[q] =
          Measure.median(column(approval, rounds, q))
              / Measure.median(column(execution, executions, q));
    }
    results.measured(
        "allowlist_us",
        Stats.of(flatten(approval, rounds)),
        OptionalDouble.of(Measure.median(flatten(execution, executions))));
    results.measured("allowlist_fraction", Stats.of(fraction), OptionalDouble.empty());
    progressCached(cached, corpus);
  }

  /** The median cost of approving a corpus query again on the cached allowlist, as progress. */
  private void progressCached(SqlAllowlist cached, List<AcceptedCorpus.Query> corpus)
      throws Exception {
    for (AcceptedCorpus.Query query : corpus) {
      cached.approve(query.sql(), POLICY);
    }
    int rounds = effort.allowlistRounds();
    double[] samples = new double[rounds * corpus.size()];
    int done =
        Measure.repeat(
            rounds,
            effort.stepBudget(),
            round -> {
              for (int q = 0; q < corpus.size(); q++) {
                String sql = corpus.get(q).sql();
                samples[round * corpus.size() + q] =
                    Measure.millis(() -> cached.approve(sql, POLICY)) * 1000;
              }
            });
    double median = Measure.median(Arrays.copyOf(samples, done * corpus.size()));
    results.progress(
        String.format(
            Locale.ROOT,
            "allowlist: a repeated query from the approval cache, median %.2f us",
            median));
  }

  /** Query {@code q}'s samples of the first {@code rounds} rounds. */
  private static double[] column(double[][] samples, int rounds, int q) {
    double[] column = new double[rounds];
    for (int round = 0; round < rounds; round++) {
      column[round] = samples[round][q];
    }
    return column;
  }

  /** Every sample of the first {@code rounds} rounds. */
  private static double[] flatten(double[][] samples, int rounds) {
    return Arrays.stream(samples, 0, rounds).flatMapToDouble(Arrays::stream).toArray();
  }
}
