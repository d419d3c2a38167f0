package io.codemode4j.spring;

import static org.assertj.core.api.Assertions.assertThat;

import io.codemode4j.bridge.Principal;
import io.codemode4j.bridge.tool.ExecutionClass;
import io.codemode4j.bridge.tool.Tool;
import io.codemode4j.bridge.tool.ToolSpec;
import io.codemode4j.sql.QueryPolicy;
import io.codemode4j.warehouse.Warehouse;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.springframework.ai.chat.model.ToolContext;
import org.springframework.ai.tool.ToolCallback;
import org.springframework.ai.tool.ToolCallbackProvider;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.annotation.Order;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

class CodeModeAutoConfigurationTest {

  private static final JsonMapper MAPPER = JsonMapper.builder().build();

  private static final String REVENUE_BY_REGION =
      "SELECT region, SUM(revenue) AS total FROM invoice_summary GROUP BY region ORDER BY region";

  private final ApplicationContextRunner runner =
      new ApplicationContextRunner()
          .withConfiguration(
              AutoConfigurations.of(
                  CodeModeAutoConfiguration.class, CodeModeToolCallbacksAutoConfiguration.class));

  private static String program(String sql) {
    return MAPPER
        .createObjectNode()
        .put("code", "async () => (await warehouse.query({sql: \"" + sql + "\"})).rows")
        .toString();
  }

  @Test
  void sample_runJavascriptAnswersRevenueByRegion_asTheSameSqlDoes() {
    runner
        .withPropertyValues("codemode.warehouse.sample=true", "codemode.principal.all-tenants=true")
        .run(
            context -> {
              assertThat(context).hasNotFailed();
              ToolCallback run = context.getBean("runJavascriptToolCallback", ToolCallback.class);
              assertThat(run.getToolDefinition().name()).isEqualTo("run_javascript");
              assertThat(run.getToolDefinition().description()).contains("warehouse.query");
              JsonNode answer = MAPPER.readTree(run.call(program(REVENUE_BY_REGION)));
              JsonNode direct =
                  context
                      .getBean(Warehouse.class)
                      .query(REVENUE_BY_REGION, QueryPolicy.unscoped(100))
                      .toJson()
                      .get("rows");
              assertThat(answer.get("ok").asBoolean()).as(answer.toString()).isTrue();
              assertThat(answer.get("result")).isEqualTo(direct);
              assertThat(direct.size()).isEqualTo(3);

              ToolCallback[] all =
                  context
                      .getBean("codeModeToolCallbacks", ToolCallbackProvider.class)
                      .getToolCallbacks();
              assertThat(all)
                  .extracting(c -> c.getToolDefinition().name())
                  .containsExactly("run_javascript", "discover_tools");

              // A principal in the ToolContext confines the call to its tenant's rows.
              JsonNode emea =
                  MAPPER.readTree(
                      run.call(
                          program(REVENUE_BY_REGION),
                          new ToolContext(
                              Map.of(
                                  CodeModePrincipals.CONTEXT_KEY,
                                  Principal.ofTenant("ana", Set.of("emea"))))));
              assertThat(emea.get("result").size()).isEqualTo(1);
              assertThat(emea.get("result").get(0).get("region").asString()).isEqualTo("emea");

              // discover_tools finds billing.invoices.
              ToolCallback discover =
                  context.getBean("discoverToolsToolCallback", ToolCallback.class);
              JsonNode found =
                  MAPPER.readTree(discover.call("{\"query\":\"invoices of a customer\"}"));
              assertThat(found.get("matches").valueStream().map(m -> m.get("name").asString()))
                  .contains("billing.invoices");

              // A failed program is a result the model reads, not an exception.
              JsonNode failed =
                  MAPPER.readTree(
                      run.call("{\"code\":\"async () => { throw new Error('no such region') }\"}"));
              assertThat(failed.get("ok").asBoolean()).isFalse();
              assertThat(failed.get("error").get("message").asString()).contains("no such region");
              assertThat(MAPPER.readTree(run.call("not json")).get("error").get("kind").asString())
                  .isEqualTo("invalid_arguments");
            });
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "codemode.max-wall-time=0s | codemode.max-wall-time must be above zero, was PT0S",
        "codemode.max-stack-frames=10 | codemode.max-stack-frames must be 50..4000, was 10",
        "codemode.max-call-concurrency=65 | codemode.max-call-concurrency must be 1..64, was 65",
        "codemode.max-approval-wait=30s | codemode.max-approval-wait must be shorter than codemode.max-wall-time",
        "codemode.max-memory=10KB | codemode.max-memory must be at least 1MB, was 10240B",
        "codemode.principal.id= | codemode.principal.id must not be blank",
        "codemode.warehouse.max-rows=-1 | codemode.warehouse.max-rows must be 1..1000000, was -1",
        "codemode.warehouse.tables.orders=shop | codemode.warehouse.tables [orders] is for a DataSource",
      })
  void invalidProperty_failsStart_namingThePropertyAndTheRange(String property, String message) {
    runner
        .withPropertyValues("codemode.warehouse.sample=true", property)
        .run(context -> assertThat(context).getFailure().rootCause().hasMessageContaining(message));
  }

  @Test
  void sampleWithoutPrincipalTenantOrAllTenants_failsStart_namingBoth() {
    runner
        .withPropertyValues("codemode.warehouse.sample=true")
        .run(
            context ->
                assertThat(context)
                    .getFailure()
                    .rootCause()
                    .hasMessageContaining(
                        "codemode.principal.tenant is not set, so every call whose ToolContext"
                            + " names no principal would read every tenant's rows")
                    .hasMessageContaining("codemode.principal.all-tenants=true"));
  }

  @Test
  void principalTenantAndAllTenants_failsStart_sayingTheyContradict() {
    runner
        .withPropertyValues(
            "codemode.warehouse.sample=true",
            "codemode.principal.tenant=emea",
            "codemode.principal.all-tenants=true")
        .run(
            context ->
                assertThat(context)
                    .getFailure()
                    .rootCause()
                    .hasMessageContaining("contradict each other"));
  }

  @Test
  void noWarehouseConfigured_failsStart_sayingWhatToSet() {
    runner.run(
        context ->
            assertThat(context)
                .getFailure()
                .rootCause()
                .hasMessageContaining(
                    "codemode4j has no warehouse: the application has no DataSource")
                .hasMessageContaining("codemode.warehouse.sample=true"));
  }

  @Test
  void userDefinedPrincipalsAndCallback_win() {
    runner
        .withPropertyValues(
            "codemode.warehouse.sample=true",
            "codemode.principal.all-tenants=true",
            "codemode.discovery=false")
        .withUserConfiguration(UserBeans.class)
        .run(
            context -> {
              assertThat(context).hasNotFailed();
              assertThat(context.getBean(CodeModePrincipals.class))
                  .isSameAs(context.getBean(UserBeans.class).principals);
              assertThat(context).doesNotHaveBean("discoverToolsToolCallback");
              ToolCallback run = context.getBean("runJavascriptToolCallback", ToolCallback.class);
              // The user's principals confine every call to apac.
              JsonNode rows = MAPPER.readTree(run.call(program(REVENUE_BY_REGION))).get("result");
              assertThat(rows.size()).isEqualTo(1);
              assertThat(rows.get(0).get("region").asString()).isEqualTo("apac");
              assertThat(
                      context
                          .getBean("codeModeToolCallbacks", ToolCallbackProvider.class)
                          .getToolCallbacks())
                  .hasSize(1);
            });
  }

  @Test
  void customizers_areAppliedInOrderBeforeTheBuild_andTheirMethodsRun() {
    runner
        .withPropertyValues("codemode.warehouse.sample=true", "codemode.principal.all-tenants=true")
        .withUserConfiguration(Customizers.class)
        .run(
            context -> {
              assertThat(context).hasNotFailed();
              assertThat(context.getBean(Customizers.class).applied)
                  .containsExactly("first", "second");
              ToolCallback run = context.getBean("runJavascriptToolCallback", ToolCallback.class);
              assertThat(run.getToolDefinition().description())
                  .contains("declare const app: {")
                  .contains("Greets a person by name.");
              JsonNode answer =
                  MAPPER.readTree(
                      run.call(
                          MAPPER
                              .createObjectNode()
                              .put("code", "async () => await app.greet({name: 'ana'})")
                              .toString()));
              assertThat(answer.get("ok").asBoolean()).as(answer.toString()).isTrue();
              assertThat(answer.get("result").asString()).isEqualTo("hello ana");
            });
  }

  @Configuration(proxyBeanMethods = false)
  static class Customizers {
    final List<String> applied = new CopyOnWriteArrayList<>();

    /** Declared first, applied second: the order is @Order's, not the declarations'. */
    @Bean
    @Order(2)
    CodeModeBuilderCustomizer second() {
      return builder -> applied.add("second");
    }

    @Bean
    @Order(1)
    CodeModeBuilderCustomizer first() {
      return builder -> {
        applied.add("first");
        builder.method(
            "app",
            "greet",
            new Tool(
                new ToolSpec(
                    "greet",
                    "Greets a person by name.",
                    MAPPER.readTree(
                        "{\"type\":\"object\",\"properties\":{\"name\":{\"type\":\"string\"}},"
                            + "\"required\":[\"name\"]}"),
                    MAPPER.readTree("{\"type\":\"string\"}"),
                    ExecutionClass.READONLY),
                (arguments, toolContext) ->
                    MAPPER
                        .getNodeFactory()
                        .stringNode("hello " + arguments.get("name").asString())));
      };
    }
  }

  @Configuration(proxyBeanMethods = false)
  static class UserBeans {
    final CodeModePrincipals principals =
        context -> Principal.ofTenant("apac-analyst", Set.of("apac"));

    @Bean
    CodeModePrincipals apacOnly() {
      return principals;
    }
  }
}
