package io.codemode4j.warehouse;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.codemode4j.sql.SqlAllowlist;
import io.codemode4j.sql.TenantScope;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class WarehouseBuilderTest {

  private static final SqlAllowlist ALLOWLIST =
      SqlAllowlist.builder().table("orders", new TenantScope.ByColumn("shop")).build();

  @Test
  void build_noBackend_isRefusedNamingTheThreeChoices() {
    assertThatThrownBy(() -> Warehouse.builder(ALLOWLIST).build())
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("exactly one backend, got 0")
        .hasMessageContaining("dataSource(...), hikari(...) or jdbcUrl(...)");
  }

  @Test
  void build_twoBackends_isRefused() {
    assertThatThrownBy(
            () ->
                Warehouse.builder(ALLOWLIST)
                    .jdbcUrl("jdbc:duckdb:")
                    .hikari(new com.zaxxer.hikari.HikariConfig())
                    .build())
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("exactly one backend, got 2");
  }

  @Test
  void build_urlThatIsNotJdbc_isRefusedWithoutItsCredentials() {
    assertThatThrownBy(
            () -> Warehouse.builder(ALLOWLIST).jdbcUrl("postgresql://analyst:s3cret@db/x").build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("starts with 'jdbc:'")
        .hasMessageNotContaining("s3cret");
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
      0  | 10000   | 10000   | poolSize must be 1..64
      65 | 10000   | 10000   | poolSize must be 1..64
      4  | 0       | 10000   | query timeout must be above 0
      4  | 3600001 | 10000   | at most 1h
      4  | 10000   | 0       | maxRows must be 1..1000000
      4  | 10000   | 1000001 | maxRows must be 1..1000000
      """)
  void builder_invalidLimit_isRefusedNamingIt(
      int pool, long timeoutMs, int maxRows, String message) {
    assertThatThrownBy(
            () ->
                Warehouse.builder(ALLOWLIST)
                    .poolSize(pool)
                    .queryTimeout(Duration.ofMillis(timeoutMs))
                    .maxRows(maxRows))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining(message);
  }

  @ParameterizedTest
  @ValueSource(ints = {0, 1023, 256 * 1024 * 1024 + 1})
  void maxResultBytes_outOfRange_isRefusedNamingTheRange(int bytes) {
    assertThatThrownBy(() -> Warehouse.builder(ALLOWLIST).maxResultBytes(bytes))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("maxResultBytes must be 1024..268435456, was " + bytes);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "jdbc:postgresql://analyst:s3cret@db.internal:5432/wh?sslmode=require",
        "jdbc:duckdb:/data/w.duckdb;memory_limit=1GB",
        "jdbc:trino://db:8080/hive?password=s3cret"
      })
  void redacted_url_dropsUserInformationAndOptions(String url) {
    assertThat(JdbcPools.redacted(url))
        .doesNotContain("s3cret", "analyst", "memory_limit", "sslmode")
        .startsWith("jdbc:");
  }
}
