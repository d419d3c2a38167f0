package io.codemode4j.sql.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.codemode4j.sql.QueryPolicy;
import io.codemode4j.sql.RefusalReason;
import io.codemode4j.sql.RefusedQueriesTest;
import io.codemode4j.sql.SampleTables;
import io.codemode4j.sql.SqlAllowlist;
import io.codemode4j.sql.SqlRefusal;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class WidthBoundsTest {

  private static final SqlAllowlist ALLOWLIST = SampleTables.allowlist();
  private static final QueryPolicy POLICY = QueryPolicy.unscoped(100);

  @ParameterizedTest(name = "{0}")
  @ValueSource(
      strings = {
        "lpad(name, 10000, '.')",
        "rpad(name, 0, '.')",
        "printf('%10000d|%-5s|%.2f|%%', 1, name, 2.5)",
        "format('{:>10000}|{}|{{}}|{0:.3f}', name, 1, 2.5)"
      })
  void approve_widthWithinTheLimit_isAccepted(String call) throws Exception {
    assertThat(ALLOWLIST.approve("SELECT " + call + " FROM customers", POLICY).sql())
        .contains("FROM");
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(
      strings = {
        "lpad(name, 10001, '.')",
        "rpad(name, length(name), '.')",
        "lpad(name, 2.5, '.')",
        "printf('%10001d', 1)",
        "printf('%.99999999f', 1.5)",
        "printf('%*d', 5, 1)",
        "printf(name, 1)",
        "format('{:>10001}', name)",
        "format('{:{}}', name, 5)",
        "format(name)"
      })
  void approve_widthOverTheLimitOrComputed_isRefusedWithTheLimit(String call) {
    SqlRefusal refusal = RefusedQueriesTest.refusalOf("SELECT " + call + " FROM customers", POLICY);

    assertThat(refusal.reason()).isEqualTo(RefusalReason.FUNCTION_NOT_ALLOWED);
    assertThat(refusal.message()).contains("10000");
  }
}
