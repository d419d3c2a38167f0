package io.codemode4j.bench;

import io.codemode4j.sql.ApprovedQuery;
import io.codemode4j.sql.QueryPolicy;
import io.codemode4j.sql.SqlAllowlist;
import io.codemode4j.sql.Tenant;
import io.codemode4j.warehouse.WarehouseTools;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.OptionalDouble;

/**
 * Allowlist cost per query over the accepted-query corpus: parse, check, tenant rewrite (tenant
 * {@code emea}) and render, as {@link SqlAllowlist#approve} does them; and as a fraction of DuckDB's
 * execution time of the approved SQL over plain JDBC on the bundled data.
 */
final class AllowlistScenario {

  static final QueryPolicy POLICY = QueryPolicy.forTenant(Tenant.of("emea"), WarehouseTools.MAX_ROWS);

  private final Effort effort;
  private final Bench.Results results;

  AllowlistScenario(Effort effort, Bench.Results results) {
    this.effort = effort;
    this.results = results;
  }

  void run(SqlAllowlist allowlist, PlainJdbc jdbc) throws Exception {
    List<AcceptedCorpus.Query> corpus = AcceptedCorpus.queries();
    List<ApprovedQuery> approved = new ArrayList<>();
    for (AcceptedCorpus.Query query : corpus) {
      approved.add(allowlist.approve(query.sql(), POLICY));
    }
    results.progress("allowlist: " + corpus.size() + " corpus queries, " + effort.allowlistWarmUpRounds()
        + " warm-up and " + effort.allowlistRounds() + " measured rounds, " + effort.executionRounds()
        + " rounds of DuckDB execution");
    Measure.repeat(effort.allowlistWarmUpRounds(), effort.stepBudget(), round -> {
      for (AcceptedCorpus.Query query : corpus) {
        allowlist.approve(query.sql(), POLICY);
      }
    });
    int queries = corpus.size();
    double[][] approval = new double[effort.allowlistRounds()][queries];
    int rounds = Measure.repeat(approval.length, effort.stepBudget(), round -> {
      for (int q = 0; q < queries; q++) {
        String sql = corpus.get(q).sql();
        approval[round][q] = Measure.millis(() -> allowlist.approve(sql, POLICY)) * 1000;
      }
    });
    for (ApprovedQuery query : approved) {
      jdbc.query(query.sql());
    }
    double[][] execution = new double[effort.executionRounds()][queries];
    int executions = Measure.repeat(execution.length, effort.stepBudget(), round -> {
      for (int q = 0; q < queries; q++) {
        String sql = approved.get(q).sql();
        execution[round][q] = Measure.millis(() -> jdbc.query(sql)) * 1000;
      }
    });
    double[] fraction = new double[queries];
    for (int q = 0; q < queries; q++) {
      fraction[q] = Measure.median(column(approval, rounds, q)) / Measure.median(column(execution, executions, q));
    }
    results.measured("allowlist_us", Stats.of(flatten(approval, rounds)),
        OptionalDouble.of(Measure.median(flatten(execution, executions))));
    results.measured("allowlist_fraction", Stats.of(fraction), OptionalDouble.empty());
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
