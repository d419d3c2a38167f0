package io.codemode4j.sql;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SqlNamesTest {

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '`',
      textBlock =
          """
      orders      | orders
      order_lines | order_lines
      _hidden     | _hidden
      order       | "order"
      select      | "select"
      from        | "from"
      Order Id    | "Order Id"
      store-name  | "store-name"
      9lives      | "9lives"
      a"b         | "a""b"
      """)
  void inQuery_name_bareOnlyWhereBabelReadsItAsTheName(String name, String expected) {
    assertThat(SqlNames.inQuery(name)).isEqualTo(expected);
  }

  @ParameterizedTest
  @CsvSource({"orders", "order", "select", "semi", "user", "year"})
  void inQuery_anyTableName_theAllowlistApprovesItAsThatTable(String name) throws Exception {
    SqlAllowlist allowlist = SqlAllowlist.builder().table(name, new TenantScope.Shared()).build();

    ApprovedQuery approved =
        allowlist.approve(
            "SELECT count(*) AS n FROM " + SqlNames.inQuery(name), QueryPolicy.unscoped(10));

    assertThat(approved.tables()).containsExactly(name);
  }
}
