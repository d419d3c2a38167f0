package io.codemode4j.warehouse.billing;

import static org.assertj.core.api.Assertions.assertThat;

import io.codemode4j.bridge.schema.JsonSchemaCheck;
import io.codemode4j.warehouse.config.WarehouseDescription;
import io.codemode4j.warehouse.config.WarehouseDescriptions;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.Objects;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.dataformat.yaml.YAMLMapper;

/**
 * The sample's description: valid for the published schema as an editor checks it, read as the CLI
 * reads it, and its view the one definition every engine's loader creates.
 */
class SampleDescriptionTest {

  @Test
  void description_isValidForThePublishedSchema() throws Exception {
    JsonNode schema;
    try (InputStream in =
        WarehouseDescriptions.class.getResourceAsStream(WarehouseDescriptions.SCHEMA_RESOURCE)) {
      schema = JsonMapper.builder().build().readTree(Objects.requireNonNull(in, "schema"));
    }
    JsonNode sample;
    try (InputStream in =
        getClass().getClassLoader().getResourceAsStream(BillingSample.DESCRIPTION)) {
      sample = YAMLMapper.builder().build().readTree(Objects.requireNonNull(in, "sample"));
    }

    assertThat(JsonSchemaCheck.compile("the description schema", schema).problems(sample))
        .isEmpty();
  }

  @Test
  void description_viewIsTheQueryEveryEngineLoads() {
    WarehouseDescription sample = BillingSample.description(Path.of("."));

    assertThat(sample.tables().get("invoice_summary").view())
        .isEqualToIgnoringWhitespace(BillingSample.invoiceSummaryQuery(""));
    assertThat(sample.packs()).containsExactly("billing");
    assertThat(sample.examples()).isEqualTo(BillingSample.EXAMPLES);
  }
}
