package io.codemode4j.warehouse.config;

import static org.assertj.core.api.Assertions.assertThat;

import io.codemode4j.bridge.schema.JsonSchemaCheck;
import java.io.InputStream;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.dataformat.yaml.YAMLMapper;

/**
 * The published JSON Schema and the reader say the same: the same keys for every object, and the
 * descriptions the project ships or drafts are valid for both, while a mistake the reader refuses
 * is refused by the schema too (so an editor flags it before a command does).
 */
class WarehouseDescriptionSchemaTest {

  private static final JsonNode SCHEMA = schema();
  private static final JsonSchemaCheck CHECK =
      JsonSchemaCheck.compile("the warehouse description schema", SCHEMA);

  private static JsonNode schema() {
    try (InputStream in =
        WarehouseDescriptions.class.getResourceAsStream(WarehouseDescriptions.SCHEMA_RESOURCE)) {
      return JsonMapper.builder().build().readTree(Objects.requireNonNull(in, "schema"));
    } catch (java.io.IOException e) {
      throw new IllegalStateException(e);
    }
  }

  private static Set<String> properties(String pointer) {
    return new TreeSet<>(SCHEMA.at(pointer).get("properties").propertyNames());
  }

  @Test
  void schema_keysOfEveryObject_areTheReadersKeys() {
    assertThat(properties("")).isEqualTo(new TreeSet<>(WarehouseDescriptions.TOP_KEYS));
    assertThat(properties("/properties/connection"))
        .isEqualTo(new TreeSet<>(WarehouseDescriptions.CONNECTION_KEYS));
    assertThat(properties("/properties/tenancy"))
        .isEqualTo(new TreeSet<>(WarehouseDescriptions.TENANCY_KEYS));
    assertThat(properties("/$defs/table"))
        .isEqualTo(new TreeSet<>(WarehouseDescriptions.TABLE_KEYS));
    assertThat(properties("/$defs/table/properties/tenant/oneOf/1"))
        .isEqualTo(new TreeSet<>(WarehouseDescriptions.TENANT_KEYS));
    assertThat(properties("/properties/limits"))
        .isEqualTo(new TreeSet<>(WarehouseDescriptions.LIMITS_KEYS));
    assertThat(properties("/properties/examples"))
        .isEqualTo(new TreeSet<>(WarehouseDescriptions.EXAMPLES_KEYS));
  }

  @Test
  void schema_theShop_isValid() throws Exception {
    JsonNode shop = YAMLMapper.builder().build().readTree(WarehouseDescriptionsTest.SHOP);
    assertThat(CHECK.problems(shop)).isEmpty();
  }

  /** Mistakes the reader refuses, each refused by the schema as well. */
  @ParameterizedTest
  @ValueSource(
      strings = {
        "tables: {orders: {colums: {}}}",
        "extra: 1\ntables: {orders: {}}",
        "tables: {orders: {}}\nlimits: {maxRows: lots}",
        "tables: {Orders: {}}",
        "tables: {orders: {tenant: everyone}}",
        "tables: {orders: {tenant: {column: store, table: x}}}",
        "connection: {url: 'postgresql://h/d'}\ntables: {orders: {}}",
        "connection: {url: 'jdbc:x:', passwordEnv: 'hunter2!'}\ntables: {orders: {}}",
        "tenancy: {values: [north]}\ntables: {orders: {}}",
        "tenancy: {key: store, values: [North]}\ntables: {orders: {}}",
        "tables: {}",
        "tables: {orders: {}}\nlimits: {queryTimeout: soon}",
        "tables: {orders: {}}\npacks: [billing, billing]"
      })
  void schema_aMistakeTheReaderRefuses_isRefusedToo(String yaml) throws Exception {
    JsonNode document = YAMLMapper.builder().build().readTree(yaml);

    assertThat(CHECK.problems(document)).as(yaml).isNotEmpty();
    org.assertj.core.api.Assertions.assertThatThrownBy(
            () -> WarehouseDescriptions.parse(yaml, "d.yaml", java.nio.file.Path.of("/"), false))
        .isInstanceOf(DescriptionException.class);
  }
}
