package io.codemode4j.sql;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class AcceptedCorpusTest {

  private static final SqlAllowlist ALLOWLIST = SampleTables.allowlist();

  static List<Corpus.Entry> accepted() {
    return Corpus.read("/corpus/accepted.sql").entries();
  }

  @Test
  void corpus_isLargeEnough_holdsAtLeastFortyQueries() {
    assertThat(accepted()).hasSizeGreaterThanOrEqualTo(40);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("accepted")
  void approve_analystQuery_isApprovedAndReadsOnlyAllowlistedTables(Corpus.Entry entry)
      throws Exception {
    ApprovedQuery approved = ALLOWLIST.approve(entry.sql(), QueryPolicy.unscoped(1000));

    assertThat(approved.sql()).isNotBlank();
    assertThat(ALLOWLIST.tables()).containsAll(approved.tables());
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("accepted")
  void approve_analystQueryForTenant_isApproved(Corpus.Entry entry) throws Exception {
    ApprovedQuery approved =
        ALLOWLIST.approve(entry.sql(), QueryPolicy.forTenant(Tenant.of("emea"), 1000));

    assertThat(approved.sql()).doesNotContain("'americas'", "'apac'");
    if (!approved.tables().isEmpty()) {
      assertThat(approved.sql()).contains("IN ('emea')");
    }
  }
}
