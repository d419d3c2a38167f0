package io.codemode4j.sql.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.codemode4j.sql.QueryPolicy;
import io.codemode4j.sql.RefusalReason;
import io.codemode4j.sql.SqlAllowlist;
import io.codemode4j.sql.SqlRefusedException;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** The generator's contract with the differential test: deterministic, and inside the allowlist. */
class QueryGeneratorTest {

  private static final int QUERIES = 2000;

  private static List<String> generate(long seed, int count) {
    QueryGenerator generator = new QueryGenerator(seed);
    return Stream.generate(generator::next).limit(count).map(QueryGenerator.Query::sql).toList();
  }

  @Test
  void next_sameSeed_givesTheSameQueries() {
    assertThat(generate(7, 200)).isEqualTo(generate(7, 200));
  }

  @Test
  void next_otherSeed_givesOtherQueries() {
    assertThat(generate(8, 200)).doesNotContainAnyElementsOf(generate(7, 200));
  }

  /**
   * The generator calls only allowlisted functions and casts only to allowlisted types, and
   * refusals of any kind stay rare: a refused query tests nothing.
   */
  @Test
  void next_manyQueries_areRefusedNeitherForFunctionsNorTypesAndRarely() {
    SqlAllowlist allowlist = DifferentialTables.allowlist();
    Set<RefusalReason> outsideTheAllowlist =
        EnumSet.of(
            RefusalReason.FUNCTION_NOT_ALLOWED,
            RefusalReason.TYPE_NOT_ALLOWED,
            RefusalReason.TABLE_NOT_ALLOWED);
    List<String> refusedForOutside = new ArrayList<>();
    int refused = 0;
    for (String sql : generate(1, QUERIES)) {
      try {
        allowlist.approve(sql, QueryPolicy.unscoped(1000));
      } catch (SqlRefusedException e) {
        refused++;
        if (outsideTheAllowlist.contains(e.refusal().reason())) {
          refusedForOutside.add(e.getMessage() + ": " + sql);
        }
      }
    }

    assertThat(refusedForOutside).isEmpty();
    assertThat(refused).isLessThan(QUERIES / 20);
  }
}
