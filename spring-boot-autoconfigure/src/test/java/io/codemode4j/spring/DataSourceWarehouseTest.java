package io.codemode4j.spring;

import static org.assertj.core.api.Assertions.assertThat;

import io.codemode4j.bridge.Principal;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.ai.chat.model.ToolContext;
import org.springframework.ai.tool.ToolCallback;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The application's own DataSource (Boot's, over a DuckDB file) behind codemode.warehouse.tables.
 */
class DataSourceWarehouseTest {

  private static final JsonMapper MAPPER = JsonMapper.builder().build();

  @TempDir static Path dir;

  private static String url;

  @BeforeAll
  static void createOrders() throws Exception {
    url = "jdbc:duckdb:" + dir.resolve("orders.duckdb");
    try (Connection connection = DriverManager.getConnection(url);
        Statement statement = connection.createStatement()) {
      statement.execute("CREATE TABLE orders (shop VARCHAR, total_cents BIGINT)");
      statement.execute(
          "INSERT INTO orders VALUES ('berlin', 1200), ('berlin', 300), ('paris', 5000)");
    }
  }

  @Test
  void dataSourceWithTables_runJavascriptSeesOnlyThePrincipalsShop() {
    ordersApplication(
            "codemode.warehouse.tenants-confined-by-filters-alone=true",
            "codemode.principal.tenant=berlin")
        .run(
            context -> {
              assertThat(context).hasNotFailed();
              ToolCallback run = context.getBean("runJavascriptToolCallback", ToolCallback.class);
              String code =
                  "async () => (await warehouse.query({sql: \"SELECT shop, SUM(total_cents) AS"
                      + " total FROM orders GROUP BY shop\"})).rows";
              JsonNode answer =
                  MAPPER.readTree(run.call(MAPPER.createObjectNode().put("code", code).toString()));
              assertThat(answer.get("ok").asBoolean()).as(answer.toString()).isTrue();
              assertThat(answer.get("result").size()).isEqualTo(1);
              assertThat(answer.get("result").get(0).get("shop").asString()).isEqualTo("berlin");
              assertThat(answer.get("result").get(0).get("total").asString()).isEqualTo("1500");
            });
  }

  @Test
  void dataSourceWithTablesAndATenantNotStated_failsToStartNamingTheProperty() {
    ordersApplication("codemode.principal.tenant=berlin")
        .run(
            context ->
                assertThat(context)
                    .getFailure()
                    .rootCause()
                    .hasMessageContaining("tenant berlin by row filters alone"));
  }

  /** An application over the orders DataSource with {@code properties} besides. */
  private static ApplicationContextRunner ordersApplication(String... properties) {
    return new ApplicationContextRunner()
        .withConfiguration(
            AutoConfigurations.of(
                DataSourceAutoConfiguration.class,
                CodeModeAutoConfiguration.class,
                CodeModeToolCallbacksAutoConfiguration.class))
        .withPropertyValues(
            "spring.datasource.url=" + url,
            "spring.datasource.driver-class-name=org.duckdb.DuckDBDriver",
            "codemode.warehouse.tables.orders=shop")
        .withPropertyValues(properties);
  }

  /**
   * A call whose ToolContext names a tenant, on a warehouse that would confine it by filters alone,
   * is refused; the program learns only that its queries are refused.
   */
  @Test
  void dataSourceServingEveryTenant_toolContextTenantNotStated_isRefusedPerCall() {
    ordersApplication("codemode.principal.all-tenants=true")
        .run(
            context -> {
              assertThat(context).hasNotFailed();
              ToolCallback run = context.getBean("runJavascriptToolCallback", ToolCallback.class);
              String code =
                  "async () => { try { await warehouse.query({sql: \"SELECT count(*) AS n FROM"
                      + " orders\"}); return 'ran'; } catch (e) { return e.message; } }";
              JsonNode answer =
                  MAPPER.readTree(
                      run.call(
                          MAPPER.createObjectNode().put("code", code).toString(),
                          new ToolContext(
                              Map.of(
                                  CodeModePrincipals.CONTEXT_KEY,
                                  Principal.ofTenant("ana", Set.of("berlin"))))));
              assertThat(answer.get("result").asString())
                  .as(answer.toString())
                  .contains("refuses this tenant's queries");
            });
  }
}
