package io.codemode4j.sql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import org.junit.jupiter.api.Test;

class ApprovalCacheTest {

  private static final String SQL = "SELECT region, count(*) AS n FROM invoices GROUP BY region";
  private static final QueryPolicy EMEA = QueryPolicy.forTenant(Tenant.of("emea"), 100);

  @Test
  void approve_sameSqlTenantAndMaxRows_returnsTheCachedApproval() throws Exception {
    SqlAllowlist allowlist = SampleTables.allowlist();

    ApprovedQuery first = allowlist.approve(SQL, EMEA);
    ApprovedQuery second = allowlist.approve(SQL, QueryPolicy.forTenant(Tenant.of("emea"), 100));

    assertThat(second).isSameAs(first);
    assertThat(allowlist.cachedOutcomes()).isEqualTo(1);
  }

  @Test
  void approve_otherTenant_missesTheCache() throws Exception {
    SqlAllowlist allowlist = SampleTables.allowlist();
    ApprovedQuery emea = allowlist.approve(SQL, EMEA);

    ApprovedQuery apac = allowlist.approve(SQL, QueryPolicy.forTenant(Tenant.of("apac"), 100));
    ApprovedQuery everyone = allowlist.approve(SQL, QueryPolicy.unscoped(100));

    assertThat(apac.sql()).contains("IN ('apac')").doesNotContain("'emea'");
    assertThat(everyone.sql()).doesNotContain("'emea'", "'apac'");
    assertThat(emea.sql()).contains("IN ('emea')");
    assertThat(allowlist.cachedOutcomes()).isEqualTo(3);
  }

  @Test
  void approve_otherMaxRows_missesTheCache() throws Exception {
    SqlAllowlist allowlist = SampleTables.allowlist();
    ApprovedQuery hundred = allowlist.approve(SQL, EMEA);

    ApprovedQuery ten = allowlist.approve(SQL, QueryPolicy.forTenant(Tenant.of("emea"), 10));

    assertThat(hundred.sql()).contains("LIMIT 101");
    assertThat(ten.sql()).contains("LIMIT 11");
    assertThat(ten.maxRows()).isEqualTo(10);
  }

  @Test
  void approve_refusedSqlAgain_isRefusedTheSameWayFromTheCache() {
    SqlAllowlist allowlist = SampleTables.allowlist();
    String sql = "SELECT * FROM payroll";

    SqlRefusedException first =
        catchThrowableOfType(SqlRefusedException.class, () -> allowlist.approve(sql, EMEA));
    SqlRefusedException second =
        catchThrowableOfType(SqlRefusedException.class, () -> allowlist.approve(sql, EMEA));

    assertThat(second.refusal()).isEqualTo(first.refusal());
    assertThat(second.refusal().reason()).isEqualTo(RefusalReason.TABLE_NOT_ALLOWED);
    assertThat(second).isNotSameAs(first).hasMessage(first.getMessage());
    assertThat(allowlist.cachedOutcomes()).isEqualTo(1);
  }

  @Test
  void approve_sqlOverTheSizeLimit_isRefusedAndNotKept() {
    SqlAllowlist allowlist = SampleTables.builder().maxSqlBytes(20).build();

    assertThatThrownBy(() -> allowlist.approve(SQL, EMEA))
        .isInstanceOf(SqlRefusedException.class)
        .hasMessageContaining("TOO_LONG");
    assertThat(allowlist.cachedOutcomes()).isZero();
  }

  @Test
  void approve_moreQueriesThanTheCacheSize_dropsTheLeastRecentlyUsed() throws Exception {
    SqlAllowlist allowlist = SampleTables.builder().approvalCacheSize(2).build();
    ApprovedQuery a = allowlist.approve("SELECT 1 AS a", EMEA);
    ApprovedQuery b = allowlist.approve("SELECT 2 AS b", EMEA);
    assertThat(allowlist.approve("SELECT 1 AS a", EMEA)).isSameAs(a);

    ApprovedQuery c = allowlist.approve("SELECT 3 AS c", EMEA);

    assertThat(allowlist.cachedOutcomes()).isEqualTo(2);
    assertThat(allowlist.approve("SELECT 1 AS a", EMEA)).isSameAs(a);
    assertThat(allowlist.approve("SELECT 3 AS c", EMEA)).isSameAs(c);
    ApprovedQuery bAgain = allowlist.approve("SELECT 2 AS b", EMEA);
    assertThat(bAgain).isNotSameAs(b).isEqualTo(b);
  }

  @Test
  void approve_cacheSizeZero_approvesAnewEveryTime() throws Exception {
    SqlAllowlist allowlist = SampleTables.builder().approvalCacheSize(0).build();

    ApprovedQuery first = allowlist.approve(SQL, EMEA);
    ApprovedQuery second = allowlist.approve(SQL, EMEA);

    assertThat(second).isNotSameAs(first).isEqualTo(first);
    assertThat(allowlist.cachedOutcomes()).isZero();
  }

  @Test
  void approvalCacheSize_negative_isRejected() {
    assertThatThrownBy(() -> SqlAllowlist.builder().approvalCacheSize(-1))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("approvalCacheSize");
  }
}
