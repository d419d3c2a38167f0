package io.codemode4j.sql.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.codemode4j.sql.QueryPolicy;
import io.codemode4j.sql.SqlAllowlist;
import io.codemode4j.sql.Tenant;
import io.codemode4j.sql.TenantScope;
import io.codemode4j.sql.TenantScope.KeyType;
import io.codemode4j.sql.dialect.Dialect;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A tenant key of whole numbers is written as numbers, in every engine's rendering: Trino refuses
 * to compare an integer column with a string, and MariaDB reads {@code '7-x'} as 7.
 */
class WholeNumberKeyTest {

  static Stream<Arguments> literals() {
    return Stream.of(
        Arguments.of(KeyType.TEXT, Set.of("7"), List.of("'7'")),
        Arguments.of(KeyType.TEXT, Set.of("north", "east"), List.of("'east'", "'north'")),
        Arguments.of(KeyType.INTEGER, Set.of("7"), List.of("7")),
        Arguments.of(KeyType.INTEGER, Set.of("12", "9", "-3"), List.of("-3", "9", "12")),
        // Leading zeros name the same number once.
        Arguments.of(KeyType.INTEGER, Set.of("007", "7"), List.of("7")),
        // A value an integer column cannot hold names no row, never a number it starts with.
        Arguments.of(KeyType.INTEGER, Set.of("7-x", "north", "1_0"), List.of()),
        Arguments.of(KeyType.INTEGER, Set.of("7-x", "8"), List.of("8")),
        // More digits than a 64-bit integer holds: no row.
        Arguments.of(KeyType.INTEGER, Set.of("1234567890123456789012"), List.of()));
  }

  @ParameterizedTest
  @MethodSource
  void literals(KeyType type, Set<String> values, List<String> expected) {
    TenantScope.ByColumn key = new TenantScope.ByColumn("store_id", type);

    assertThat(key.literals(new Tenant(values))).containsExactlyElementsOf(expected);
  }

  @Test
  void condition_noValueFits_keepsNoRow() {
    TenantScope.ByColumn key = new TenantScope.ByColumn("store_id", KeyType.INTEGER);

    assertThat(key.condition("\"store_id\"", Tenant.of("north"))).isEqualTo("1 = 0");
    assertThat(key.condition("\"store_id\"", Tenant.of("3", "1")))
        .isEqualTo("\"store_id\" IN (1, 3)");
  }

  @Test
  void byColumn_oneArgument_isText() {
    assertThat(new TenantScope.ByColumn("store").type()).isEqualTo(KeyType.TEXT);
  }

  @Test
  void approve_wholeNumberKey_rendersNumbers() throws Exception {
    Dialect dialect = Dialect.duckDb();
    String sql =
        allowlist(dialect, KeyType.INTEGER).approve("SELECT * FROM orders", tenant()).sql();

    assertThat(sql.replaceAll("\\s+", " "))
        .contains("\"store_id\" IN (4, 12)")
        .doesNotContain("'4'")
        .doesNotContain("'12'");
  }

  @Test
  void approve_textKey_rendersStrings() throws Exception {
    Dialect dialect = Dialect.duckDb();
    String sql = allowlist(dialect, KeyType.TEXT).approve("SELECT * FROM orders", tenant()).sql();

    assertThat(sql.replaceAll("\\s+", " ")).contains("\"store_id\" IN ('12', '4')");
  }

  @Test
  void approve_throughParentOfWholeNumberKey_filtersTheParentByNumbers() throws Exception {
    Dialect dialect = Dialect.duckDb();
    String sql =
        allowlist(dialect, KeyType.INTEGER).approve("SELECT * FROM order_lines", tenant()).sql();

    assertThat(sql.replaceAll("\\s+", " "))
        .contains("\"order_id\" IN (SELECT")
        .contains("\"store_id\" IN (4, 12)");
  }

  @Test
  void approve_wholeNumberKeyAndNoFittingValue_readsNoRow() throws Exception {
    String sql =
        allowlist(Dialect.duckDb(), KeyType.INTEGER)
            .approve("SELECT count(*) FROM orders", QueryPolicy.forTenant(Tenant.of("north"), 10))
            .sql();

    assertThat(sql).contains("WHERE FALSE").doesNotContain("north");
  }

  @Test
  void withScopes_typesAKey_rendersNumbersAndKeepsTheRest() throws Exception {
    SqlAllowlist text = allowlist(Dialect.duckDb(), KeyType.TEXT);

    SqlAllowlist typed =
        text.withScopes(Map.of("orders", new TenantScope.ByColumn("store_id", KeyType.INTEGER)));

    assertThat(typed.tables()).isEqualTo(text.tables());
    assertThat(typed.scope("order_lines")).isEqualTo(text.scope("order_lines"));
    assertThat(typed.approve("SELECT * FROM orders", tenant()).sql()).contains("IN (4, 12)");
    assertThat(text.approve("SELECT * FROM orders", tenant()).sql()).contains("IN ('12', '4')");
  }

  @Test
  void withScopes_tableNotAllowlisted_isRefusedNamingTheTables() {
    SqlAllowlist text = allowlist(Dialect.duckDb(), KeyType.TEXT);

    assertThatThrownBy(() -> text.withScopes(Map.of("payroll", new TenantScope.Shared())))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("payroll is not allowlisted")
        .hasMessageContaining("orders");
  }

  private static QueryPolicy tenant() {
    return QueryPolicy.forTenant(Tenant.of("12", "4"), 10);
  }

  private static SqlAllowlist allowlist(Dialect dialect, KeyType type) {
    return SqlAllowlist.builder()
        .dialect(dialect)
        .table("orders", new TenantScope.ByColumn("store_id", type))
        .table("order_lines", new TenantScope.ThroughParent("order_id", "orders", "order_id"))
        .build();
  }
}
