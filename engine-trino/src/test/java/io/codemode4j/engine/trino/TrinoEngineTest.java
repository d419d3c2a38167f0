package io.codemode4j.engine.trino;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class TrinoEngineTest {

  private static final String URL = "jdbc:trino://127.0.0.1:8080/hive/shop";

  @Test
  void pool_urlWithoutSessionProperties_lowersBothMemoryLimits() {
    var properties = new TrinoEngine().pool(URL, "reader", null).getDataSourceProperties();

    assertThat(properties.getProperty("sessionProperties"))
        .isEqualTo("query_max_memory:1GB;query_max_memory_per_node:1GB");
  }

  @Test
  void pool_urlSettingSessionProperties_keepsTheUrlsOwn() {
    String url = URL + "?sessionProperties=query_max_memory:200MB";

    var config = new TrinoEngine().pool(url, "reader", null);

    assertThat(config.getDataSourceProperties().getProperty("sessionProperties")).isNull();
    assertThat(config.getJdbcUrl()).isEqualTo(url);
  }
}
