package io.codemode4j.sql.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.codemode4j.sql.ApprovedQuery;
import io.codemode4j.sql.Corpus;
import io.codemode4j.sql.QueryPolicy;
import io.codemode4j.sql.SampleTables;
import io.codemode4j.sql.SqlAllowlist;
import io.codemode4j.sql.Tenant;
import java.sql.SQLException;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A tenant sees its own rows and nothing else: each query, approved for the tenant and run over the
 * full warehouse, must return exactly what the submitted query returns over a warehouse that holds
 * only the tenant's rows.
 */
class TenantIsolationIT {

  private static final SqlAllowlist ALLOWLIST = SampleTables.allowlist();
  private static final Set<String> EMEA = Set.of("emea");
  private static final Set<String> AMERICAS_APAC = Set.of("americas", "apac");

  private static Warehouse everything;
  private static Warehouse emeaOnly;
  private static Warehouse americasApacOnly;

  @BeforeAll
  static void loadWarehouses() throws SQLException {
    everything = Warehouse.all();
    emeaOnly = Warehouse.onlyRegions(EMEA);
    americasApacOnly = Warehouse.onlyRegions(AMERICAS_APAC);
  }

  @AfterAll
  static void closeWarehouses() throws SQLException {
    everything.close();
    emeaOnly.close();
    americasApacOnly.close();
  }

  static Stream<Corpus.Entry> tenantQueries() {
    return Corpus.read("/corpus/tenant.sql").entries().stream();
  }

  static Stream<Corpus.Entry> everyQuery() {
    return Stream.concat(tenantQueries(), Corpus.read("/corpus/accepted.sql").entries().stream());
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("everyQuery")
  void tenantEmea_query_returnsWhatAnEmeaOnlyWarehouseReturns(Corpus.Entry entry) throws Exception {
    assertIsolated(entry, EMEA, emeaOnly);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("tenantQueries")
  void tenantWithTwoRegions_query_returnsWhatTheirWarehouseReturns(Corpus.Entry entry)
      throws Exception {
    assertIsolated(entry, AMERICAS_APAC, americasApacOnly);
  }

  private static void assertIsolated(Corpus.Entry entry, Set<String> regions, Warehouse tenantOnly)
      throws Exception {
    ApprovedQuery approved =
        ALLOWLIST.approve(entry.sql(), QueryPolicy.forTenant(new Tenant(regions), 100_000));

    Warehouse.Result scoped = everything.query(approved.sql());
    Warehouse.Result expected = tenantOnly.query(entry.sql());

    AcceptedCorpusIT.assertSameResult(
        scoped, expected, !"unordered".equals(entry.attributes().get("rows")));
    int region = scoped.columns().indexOf("region");
    if (region >= 0) {
      List<Object> seen = scoped.rows().stream().map(row -> row.get(region)).distinct().toList();
      assertThat(seen)
          .allSatisfy(value -> assertThat(value == null || regions.contains(value)).isTrue());
    }
  }
}
