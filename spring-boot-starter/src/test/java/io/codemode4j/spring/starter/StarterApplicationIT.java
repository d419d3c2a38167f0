package io.codemode4j.spring.starter;

import static org.assertj.core.api.Assertions.assertThat;

import io.codemode4j.spring.CodeModeProperties;
import io.codemode4j.sql.QueryPolicy;
import io.codemode4j.warehouse.Warehouse;
import org.junit.jupiter.api.Test;
import org.springframework.ai.tool.ToolCallback;
import org.springframework.ai.tool.ToolCallbackProvider;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.ConfigurableApplicationContext;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * A real Spring Boot application over the bundled sample, with the starter alone on its class path
 * besides Spring (Boot, Spring AI) and the sample's data: the auto-configuration the starter brings
 * is found on its own.
 */
class StarterApplicationIT {

  private static final JsonMapper MAPPER = JsonMapper.builder().build();

  @SpringBootApplication
  static class AnalystApplication {}

  @Test
  void springApplication_answersTopRegionThroughTheCallbacks_asTheSameSqlDoes() throws Exception {
    SpringApplication application = new SpringApplication(AnalystApplication.class);
    application.setWebApplicationType(WebApplicationType.NONE);
    try (ConfigurableApplicationContext context =
        application.run(
            "--codemode.warehouse.sample=true",
            "--codemode.principal.all-tenants=true",
            "--codemode.max-wall-time=20s")) {
      ToolCallback[] callbacks =
          context.getBean("codeModeToolCallbacks", ToolCallbackProvider.class).getToolCallbacks();
      ToolCallback run = callbacks[0];
      assertThat(run.getToolDefinition().name()).isEqualTo("run_javascript");
      String sql =
          "SELECT region, SUM(revenue) AS total FROM invoice_summary GROUP BY region"
              + " ORDER BY total DESC LIMIT 1";
      JsonNode answer =
          MAPPER.readTree(
              run.call(
                  MAPPER
                      .createObjectNode()
                      .put(
                          "code",
                          "async () => (await warehouse.query({sql: \"" + sql + "\"})).rows[0]")
                      .toString()));
      JsonNode direct =
          context
              .getBean(Warehouse.class)
              .query(sql, QueryPolicy.unscoped(10))
              .toJson()
              .get("rows")
              .get(0);
      assertThat(answer.get("ok").asBoolean()).as(answer.toString()).isTrue();
      assertThat(answer.get("result")).isEqualTo(direct);
      assertThat(context.getBean(CodeModeProperties.class).limits().maxWallTime()).hasSeconds(20);
    }
  }
}
