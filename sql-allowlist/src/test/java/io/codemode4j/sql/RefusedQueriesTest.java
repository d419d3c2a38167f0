package io.codemode4j.sql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

public class RefusedQueriesTest {

  private static final SqlAllowlist ALLOWLIST = SampleTables.allowlist();

  static List<Corpus.Entry> refused() {
    return Corpus.read("/corpus/refused.sql").entries();
  }

  @Test
  void corpus_isLargeEnough_holdsAtLeastSixtyQueries() {
    assertThat(refused()).hasSizeGreaterThanOrEqualTo(60);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("refused")
  void approve_hostileQuery_isRefusedWithTheExpectedReason(Corpus.Entry entry) {
    SqlRefusal refusal = refusalOf(entry.sql(), QueryPolicy.unscoped(100));

    assertThat(refusal.reason())
        .as(refusal.toString())
        .isEqualTo(RefusalReason.valueOf(entry.attribute("expect")));
    if (entry.attributes().containsKey("element")) {
      assertThat(refusal.element()).isEqualTo(entry.attribute("element"));
    }
    assertThat(refusal.message()).as("says what to do instead").contains(":");
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("refused")
  void approve_hostileQueryForTenant_isRefusedTheSameWay(Corpus.Entry entry) {
    SqlRefusal refusal = refusalOf(entry.sql(), QueryPolicy.forTenant(Tenant.of("emea"), 100));

    assertThat(refusal.reason()).isEqualTo(RefusalReason.valueOf(entry.attribute("expect")));
  }

  /**
   * The refusal of {@code sql} by the default allowlist; public for the internal package's tests.
   */
  public static SqlRefusal refusalOf(String sql, QueryPolicy policy) {
    SqlRefusedException refused =
        catchThrowableOfType(SqlRefusedException.class, () -> ALLOWLIST.approve(sql, policy));
    assertThat(refused).as("refused: %s", sql).isNotNull();
    return refused.refusal();
  }
}
