package io.codemode4j.bench;

import io.codemode4j.sql.ApprovedQuery;
import io.codemode4j.sql.QueryPolicy;
import io.codemode4j.sql.SqlAllowlist;
import io.codemode4j.sql.Tenant;
import io.codemode4j.warehouse.WarehouseTools;
import java.util.ArrayList;
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
    for (int round = 0; round < effort.allowlistWarmUpRounds(); round++) {
      for (AcceptedCorpus.Query query : corpus) {
        allowlist.approve(query.sql(), POLICY);
      }
    }
    int rounds = effort.allowlistRounds();
    double[] all = new double[rounds * corpus.size()];
    double[][] perQuery = new double[corpus.size()][rounds];
    for (int round = 0; round < rounds; round++) {
      for (int q = 0; q < corpus.size(); q++) {
        String sql = corpus.get(q).sql();
        double micros = Measure.millis(() -> allowlist.approve(sql, POLICY)) * 1000;
        perQuery[q][round] = micros;
        all[round * corpus.size() + q] = micros;
      }
    }
    int executions = effort.executionRounds();
    double[] allExecution = new double[executions * corpus.size()];
    double[][] executionPerQuery = new double[corpus.size()][executions];
    for (ApprovedQuery query : approved) {
      jdbc.query(query.sql());
    }
    for (int round = 0; round < executions; round++) {
      for (int q = 0; q < approved.size(); q++) {
        String sql = approved.get(q).sql();
        double micros = Measure.millis(() -> jdbc.query(sql)) * 1000;
        executionPerQuery[q][round] = micros;
        allExecution[round * approved.size() + q] = micros;
      }
    }
    double[] fraction = new double[corpus.size()];
    for (int q = 0; q < corpus.size(); q++) {
      fraction[q] = Measure.median(perQuery[q]) / Measure.median(executionPerQuery[q]);
    }
    results.measured("allowlist_us", Stats.of(all), OptionalDouble.of(Measure.median(allExecution)));
    results.measured("allowlist_fraction", Stats.of(fraction), OptionalDouble.empty());
  }
}
