package io.codemode4j.spring;

import static org.assertj.core.api.Assertions.assertThat;

import io.codemode4j.warehouse.ShopDomain;
import io.codemode4j.warehouse.Warehouse;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.ai.tool.ToolCallback;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code codemode.config}: an application serves its own warehouse, described in a file beside its
 * properties, with nothing of the billing sample; the description's mistakes fail the start naming
 * the file and line.
 */
class DescribedWarehouseConfigTest {

  private static final JsonMapper MAPPER = JsonMapper.builder().build();

  @TempDir static Path dir;

  private static Path config;

  private final ApplicationContextRunner runner =
      new ApplicationContextRunner()
          .withConfiguration(
              AutoConfigurations.of(
                  CodeModeAutoConfiguration.class, CodeModeToolCallbacksAutoConfiguration.class))
          .withPropertyValues("codemode.warehouse.cache-dir=" + dir.resolve("cache"));

  @BeforeAll
  static void shop() throws Exception {
    Path data = Files.createDirectories(dir.resolve("data"));
    ShopDomain.writeParquet(data);
    config = dir.resolve("shop.yaml");
    Files.writeString(
        config,
        """
        subject: the shop warehouse
        connection: {directory: data}
        tenancy: {key: store, values: [east, north, south]}
        tables:
          stores: {tenant: {column: store}}
          orders:
            description: one row per order of a store
            tenant: {column: store}
          order_lines: {tenant: {column: order_id, parent: orders}}
          products: {tenant: shared}
        """);
  }

  @Test
  void config_principalTenantTheDataDoesNotHave_failsTheContextNamingTheKnownOnes() {
    runner
        .withPropertyValues("codemode.config=file:" + config, "codemode.principal.tenant=west")
        .run(
            context ->
                assertThat(context)
                    .getFailure()
                    .rootCause()
                    .hasMessage(
                        "codemode.principal.tenant names a store the data does not have (west): its"
                            + " stores are east, north, south"));
  }

  @Test
  void config_fileOfAnotherDomain_servesItConfinedToThePrincipalsStore() {
    runner
        .withPropertyValues("codemode.config=file:" + config, "codemode.principal.tenant=north")
        .run(
            context -> {
              assertThat(context).hasNotFailed();
              assertThat(context.getBean(Warehouse.class).allowlist().tables())
                  .containsExactlyInAnyOrder("stores", "orders", "order_lines", "products");
              ToolCallback run = context.getBean("runJavascriptToolCallback", ToolCallback.class);
              assertThat(run.getToolDefinition().description())
                  .contains("the shop warehouse", "orders")
                  .doesNotContainIgnoringCase("invoice");
              JsonNode answer =
                  MAPPER.readTree(
                      run.call(
                          MAPPER
                              .createObjectNode()
                              .put(
                                  "code",
                                  "async () => (await warehouse.query({sql: 'SELECT count(*) AS n"
                                      + " FROM order_lines'})).rows[0].n")
                              .toString()));
              assertThat(answer.get("ok").asBoolean()).as(answer.toString()).isTrue();
              assertThat(answer.get("result").asLong()).isEqualTo(ShopDomain.lineCount("north"));
            });
  }

  @Test
  void config_besideTheSample_failsStartNamingBoth() {
    runner
        .withPropertyValues("codemode.config=file:" + config, "codemode.warehouse.sample=true")
        .run(
            context ->
                assertThat(context)
                    .getFailure()
                    .rootCause()
                    .hasMessageContaining("describes the warehouse, and codemode.warehouse.sample")
                    .hasMessageContaining("keep one"));
  }

  @Test
  void config_tableTheDataLacks_failsStartNamingTheFileAndLine() throws Exception {
    Path broken = dir.resolve("broken.yaml");
    Files.writeString(
        broken,
        Files.readString(config)
            .replace("  products: {tenant: shared}", "  prodcts: {tenant: shared}"));
    runner
        .withPropertyValues("codemode.config=file:" + broken)
        .run(
            context ->
                assertThat(context)
                    .getFailure()
                    .rootCause()
                    .hasMessageContaining("file:" + broken + ":10: ")
                    .hasMessageContaining("prodcts"));
  }
}
