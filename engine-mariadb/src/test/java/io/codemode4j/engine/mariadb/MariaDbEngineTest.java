package io.codemode4j.engine.mariadb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.zaxxer.hikari.HikariConfig;
import io.codemode4j.warehouse.ValueKind;
import io.codemode4j.warehouse.engine.WarehouseEngines;
import java.sql.Types;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class MariaDbEngineTest {

  private final MariaDbEngine engine = new MariaDbEngine();

  @Test
  void serviceLoader_untilTheDialectExists_doesNotFindMariaDb() {
    assertThat(engine.supports("jdbc:mariadb://127.0.0.1:3306/billing")).isTrue();
    assertThat(WarehouseEngines.find("jdbc:mariadb://127.0.0.1:3306/billing")).isNull();
    assertThat(WarehouseEngines.named("MariaDB")).isNull();
  }

  @Test
  void dialect_pending_failsLoudlyNamingTheDatabase() {
    assertThatThrownBy(() -> engine.dialect("jdbc:mariadb://h:3306/billing", null))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("dialect is pending")
        .hasMessageContaining("billing");
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "jdbc:mariadb://h:3306/billing?allowMultiQueries=true",
        "jdbc:mariadb://h:3306/billing?ssl=true&allowLocalInfile=TRUE",
      })
  void pool_ofAUrlWideningTheSession_isRefused(String url) {
    assertThatThrownBy(() -> engine.pool(url + "&password=secret", "u", "p"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("remove the option")
        .hasMessageNotContaining("secret");
  }

  @Test
  void pool_ofAPlainUrl_isReadOnlyWithoutFilesOrMultiStatements() {
    HikariConfig config = engine.pool("jdbc:mariadb://h:3306/billing", "analyst", "pw");

    assertThat(config.getDataSourceProperties())
        .containsEntry("allowMultiQueries", "false")
        .containsEntry("allowLocalInfile", "false")
        .containsEntry("yearIsDateType", "false");
    assertThat(config.getConnectionInitSql())
        .contains("tx_read_only = 1")
        .contains(MariaDbEngine.SQL_MODE);
    assertThat(config.getUsername()).isEqualTo("analyst");
  }

  @Test
  void database_fromSchemaOrUrl_orRefusedWhenNeitherNamesOne() {
    assertThat(MariaDbEngine.database("jdbc:mariadb://h:3306/billing?x=1", null))
        .isEqualTo("billing");
    assertThat(MariaDbEngine.database("jdbc:mariadb://h:3306/other", "billing"))
        .isEqualTo("billing");
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
