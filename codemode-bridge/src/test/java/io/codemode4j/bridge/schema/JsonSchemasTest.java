package io.codemode4j.bridge.schema;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.codemode4j.bridge.TestTools;
import io.codemode4j.bridge.internal.broker.SchemaValidator;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

class JsonSchemasTest {

  enum Segment {
    enterprise,
    smb
  }

  record Line(String product, int quantity) {}

  record Invoice(
      String id,
      Optional<LocalDate> paidOn,
      long amountCents,
      Segment segment,
      List<Line> lines,
      Map<String, Double> tags,
      boolean paid) {}

  record Bad(Thread thread) {}

  @Test
  void forRecord_record_describesComponentsWithOptionalOnesNullableAndNotRequired() {
    assertThat(JsonSchemas.forRecord(Invoice.class).toString())
        .isEqualTo(
            """
        {"type":"object","properties":{"id":{"type":"string"},"paidOn":{"type":["string","null"],"format":"date"},\
        "amountCents":{"type":"integer"},"segment":{"type":"string","enum":["enterprise","smb"]},\
        "lines":{"type":"array","items":{"type":"object","properties":{"product":{"type":"string"},\
        "quantity":{"type":"integer"}},"required":["product","quantity"],"additionalProperties":false}},\
        "tags":{"type":"object","additionalProperties":{"type":"number"}},"paid":{"type":"boolean"}},\
        "required":["id","amountCents","segment","lines","tags","paid"],"additionalProperties":false}""");
  }

  @Test
  void forRecord_describedComponentsAndWireNamedEnums_carryTheirDescriptionAndToString() {
    assertThat(
            JsonSchemas.forRecord(DeclarationCases.Records.Contact.class)
                .get("properties")
                .toString())
        .contains("\"name\":{\"type\":\"string\",\"description\":\"The contact's full name.\"}")
        .contains(
            "\"stage\":{\"type\":\"string\",\"enum\":[\"lead\",\"customer\",\"former-customer\"]}")
        .contains(
            "\"previousStage\":{\"type\":[\"string\",\"null\"],"
                + "\"enum\":[\"lead\",\"customer\",\"former-customer\",null]}");
  }

  @Test
  void forRecord_recordsAsJacksonWritesThem_matchTheirSchema() {
    var stage = DeclarationCases.Records.Stage.FORMER_CUSTOMER;
    var full =
        new DeclarationCases.Records.Contact(
            "Ana",
            stage,
            Optional.of(LocalDate.of(1990, 4, 1)),
            Optional.of(DeclarationCases.Records.Stage.LEAD),
            List.of(new DeclarationCases.Records.Phone("+4930123456", true)),
            Map.of("nps", 9),
            new java.math.BigDecimal("1200.50"),
            TestTools.json("{\"source\":\"import\"}"));
    var empty =
        new DeclarationCases.Records.Contact(
            "Bo",
            stage,
            Optional.empty(),
            Optional.empty(),
            List.of(),
            Map.of(),
            java.math.BigDecimal.ZERO,
            TestTools.JSON.nullNode());
    SchemaValidator validator =
        SchemaValidator.compile(
            "contact", JsonSchemas.forRecord(DeclarationCases.Records.Contact.class));

    JsonNode fullJson = TestTools.MAPPER.valueToTree(full);
    JsonNode emptyJson = TestTools.MAPPER.valueToTree(empty);

    assertThat(fullJson.get("stage").asString()).isEqualTo("former-customer");
    assertThat(emptyJson.get("birthday").isNull()).isTrue();
    assertThat(validator.problems(fullJson)).isEmpty();
    assertThat(validator.problems(emptyJson)).isEmpty();
    assertThat(
            validator.problems(
                TestTools.json(
                    """
        {"name":"Cy","stage":"FORMER_CUSTOMER","phones":[],"scores":{},"credit":0,"extra":null}""")))
        .anySatisfy(problem -> assertThat(problem).contains("stage"));
  }

  @Test
  void forRecord_unsupportedComponent_namesIt() {
    assertThatThrownBy(() -> JsonSchemas.forRecord(Bad.class))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("component 'thread'");
  }

  @Test
  void compile_validator_reportsWhereTheInstanceIsWrong() {
    SchemaValidator validator = SchemaValidator.compile("test", JsonSchemas.forRecord(Line.class));
    assertThat(validator.problems(TestTools.json("{\"product\":\"x\",\"quantity\":2}"))).isEmpty();
    assertThat(validator.problems(TestTools.json("{\"product\":1}")))
        .anySatisfy(p -> assertThat(p).contains("product"))
        .anySatisfy(p -> assertThat(p).contains("quantity"));
  }
}
