package io.codemode4j.sql.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.codemode4j.sql.QueryPolicy;
import io.codemode4j.sql.SqlAllowlist;
import io.codemode4j.sql.SqlRefusedException;
import io.codemode4j.sql.Tenant;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The generated queries of {@link RenderingDifferentialIT} for a tenant: each runs as written on a
 * DuckDB holding only the tenant's rows and as rendered for the tenant on the whole warehouse, and
 * the two must agree on types and values.
 *
 * <p>Labels are not compared: for a tenant each table becomes a derived table holding its rows, and
 * DuckDB labels an unaliased scalar subquery with its text, so such a column's key differs (an
 * aliased one does not). That difference is counted and reported, not hidden.
 */
class TenantRenderingDifferentialIT {

  private static final int DEFAULT_QUERIES = 1_000;
  private static final long DEFAULT_SEED = 20261202L;
  private static final String REGION = "emea";
  private static final QueryPolicy POLICY =
      QueryPolicy.forTenant(Tenant.of(REGION), QueryPolicy.MAX_ROWS_LIMIT);

  private static Warehouse whole;
  private static Warehouse tenantOnly;

  @BeforeAll
  static void loadWarehouses() throws SQLException {
    whole = DifferentialTables.warehouse();
    tenantOnly = DifferentialTables.tenantWarehouse(REGION);
  }

  @AfterAll
  static void closeWarehouses() throws SQLException {
    whole.close();
    tenantOnly.close();
  }

  @Test
  void renderedSqlForTenant_generatedQueries_returnWhatTheWrittenQueriesReturnOnTheTenantsRows() {
    int queries = Integer.getInteger("codemode.differential.queries", DEFAULT_QUERIES);
    long seed = Long.getLong("codemode.differential.seed", DEFAULT_SEED);
    SqlAllowlist allowlist = DifferentialTables.allowlist();
    QueryGenerator generator = new QueryGenerator(seed);

    int ran = 0;
    int labelsOnly = 0;
    List<String> differences = new ArrayList<>();
    for (int q = 0; q < queries; q++) {
      QueryGenerator.Query query = generator.next();
      String rendered;
      try {
        rendered = allowlist.approve(query.sql(), POLICY).sql();
      } catch (SqlRefusedException refused) {
        continue;
      }
      ran++;
      RenderingComparison.Outcome written = RenderingComparison.run(tenantOnly, query.sql());
      RenderingComparison.Outcome outcome = RenderingComparison.run(whole, rendered);
      Optional<RenderingComparison.Difference> difference =
          RenderingComparison.difference(written, outcome, query.ordered());
      if (difference.isEmpty()) {
        continue;
      }
      Set<RenderingComparison.Aspect> aspects = EnumSet.copyOf(difference.get().aspects());
      aspects.remove(RenderingComparison.Aspect.LABELS);
      if (aspects.isEmpty()) {
        labelsOnly++;
      } else if (differences.size() < 20) {
        differences.add(
            aspects
                + " "
                + difference.get().detail()
                + "\n    written:  "
                + query.sql()
                + "\n    rendered: "
                + rendered.replaceAll("\\s+", " "));
      }
    }

    System.out.println(
        "TenantRenderingDifferentialIT seed "
            + seed
            + ": generated "
            + queries
            + ", ran "
            + ran
            + ", labels only "
            + labelsOnly
            + ", other differences "
            + differences.size());
    assertThat(ran).as("approved and ran").isGreaterThan(queries * 8 / 10);
    assertThat(differences).as("types or values differ for tenant " + REGION).isEmpty();
  }
}
