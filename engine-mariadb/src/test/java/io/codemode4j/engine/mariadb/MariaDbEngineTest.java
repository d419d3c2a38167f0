package io.codemode4j.engine.mariadb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.zaxxer.hikari.HikariConfig;
import io.codemode4j.sql.Tenant;
import io.codemode4j.warehouse.ShopDomain;
import io.codemode4j.warehouse.ValueKind;
import io.codemode4j.warehouse.engine.WarehouseEngines;
import java.sql.Types;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class MariaDbEngineTest {

  private final MariaDbEngine engine = new MariaDbEngine();

  @Test
  void serviceLoader_mariaDbUrl_findsTheEngine() {
    assertThat(WarehouseEngines.find("jdbc:mariadb://127.0.0.1:3306/shop"))
        .isInstanceOf(MariaDbEngine.class);
    assertThat(WarehouseEngines.named("MariaDB")).isInstanceOf(MariaDbEngine.class);
    assertThat(engine.supports("jdbc:postgresql://h/shop")).isFalse();
  }

  @Test
  void dialect_ofAUrl_isMariaDbsOverTheSchemaOrTheUrlsDatabase() {
    assertThat(engine.dialect("jdbc:mariadb://h:3306/shop", null))
        .isEqualTo(MariaDbSql.dialect("shop"));
    assertThat(engine.dialect("jdbc:mariadb://h:3306/other", "shop").schema()).isEqualTo("shop");
  }

  @Test
  void tenantSchema_oneValue_isTheDatabaseTheLockdownCreates() {
    Tenant north = Tenant.of("north");

    assertThat(engine.tenantSchema("jdbc:mariadb://h:3306/shop", null, north))
        .isEqualTo("shop_tenant_north")
        .isEqualTo(
            new MariaDbLockdown("shop", ShopDomain.scopes(), java.time.Duration.ofSeconds(5), 1)
                .tenantDatabase(north));
    assertThat(engine.tenantSchema("jdbc:mariadb://h:3306/shop", null, Tenant.of("a", "b")))
        .isNull();
    assertThat(engine.tenantSchema("jdbc:mariadb://h:3306/shop", null, Tenant.of("north-east")))
        .isNull();
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "jdbc:mariadb://h:3306/shop?allowMultiQueries=true",
        "jdbc:mariadb://h:3306/shop?ssl=true&allowLocalInfile=TRUE",
      })
  void pool_ofAUrlWideningTheSession_isRefused(String url) {
    assertThatThrownBy(() -> engine.pool(url + "&password=secret", "u", "p"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("remove the option")
        .hasMessageNotContaining("secret");
  }

  @Test
  void pool_ofAPlainUrl_isReadOnlyWithoutFilesOrMultiStatements() {
    HikariConfig config = engine.pool("jdbc:mariadb://h:3306/shop", "analyst", "pw");

    assertThat(config.getDataSourceProperties())
        .containsEntry("allowMultiQueries", "false")
        .containsEntry("allowLocalInfile", "false")
        .containsEntry("yearIsDateType", "false");
    assertThat(config.getConnectionInitSql())
        .contains("tx_read_only = 1")
        .contains(MariaDbEngine.SQL_MODE);
    assertThat(config.getUsername()).isEqualTo("analyst");
    assertThat(config.getJdbcUrl()).isEqualTo("jdbc:mariadb://h:3306/");
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "jdbc:mariadb://h:3306/shop | jdbc:mariadb://h:3306/",
        "jdbc:mariadb://h/shop?sslMode=verify-full | jdbc:mariadb://h/?sslMode=verify-full",
        "jdbc:mariadb:replication://h1,h2/shop | jdbc:mariadb:replication://h1,h2/",
        "jdbc:mariadb://h:3306 | jdbc:mariadb://h:3306/",
      })
  void withoutDatabase_ofAUrl_keepsTheAddressAndOptions(String url, String without) {
    assertThat(MariaDbEngine.withoutDatabase(url)).isEqualTo(without);
  }

  @Test
  void database_fromSchemaOrUrl_orRefusedWhenNeitherNamesOne() {
    assertThat(MariaDbEngine.database("jdbc:mariadb://h:3306/shop?x=1", null)).isEqualTo("shop");
    assertThat(MariaDbEngine.database("jdbc:mariadb://h:3306/other", "shop")).isEqualTo("shop");
    assertThatThrownBy(() -> MariaDbEngine.database("jdbc:mariadb://h:3306/", null))
        .hasMessageContaining("names no database");
  }

  @Test
  void kind_ofBigintUnsigned_isAWideInteger() {
    assertThat(engine.kind(Types.BIGINT, "BIGINT UNSIGNED")).isEqualTo(ValueKind.WIDE_INTEGER);
    assertThat(engine.kind(Types.BIGINT, "BIGINT")).isEqualTo(ValueKind.INTEGER);
    assertThat(engine.kind(Types.DECIMAL, "DECIMAL")).isEqualTo(ValueKind.EXACT);
  }
}
