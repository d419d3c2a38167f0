package io.codemode4j.bridge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class JsonSchemasTest {

  enum Segment { enterprise, smb }

  record Line(String product, int quantity) {}

  record Invoice(String id, Optional<LocalDate> paidOn, long amountCents, Segment segment, List<Line> lines,
      Map<String, Double> tags, boolean paid) {}

  record Bad(Thread thread) {}

  @Test
  void forRecord_record_describesComponentsWithOptionalOnesNotRequired() {
    assertThat(JsonSchemas.forRecord(Invoice.class).toString()).isEqualTo("""
        {"type":"object","properties":{"id":{"type":"string"},"paidOn":{"type":"string","format":"date"},\
        "amountCents":{"type":"integer"},"segment":{"type":"string","enum":["enterprise","smb"]},\
        "lines":{"type":"array","items":{"type":"object","properties":{"product":{"type":"string"},\
        "quantity":{"type":"integer"}},"required":["product","quantity"],"additionalProperties":false}},\
        "tags":{"type":"object","additionalProperties":{"type":"number"}},"paid":{"type":"boolean"}},\
        "required":["id","amountCents","segment","lines","tags","paid"],"additionalProperties":false}""");
  }

  @Test
  void forRecord_unsupportedComponent_namesIt() {
    assertThatThrownBy(() -> JsonSchemas.forRecord(Bad.class))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("component 'thread'");
  }

  @Test
  void compile_validator_reportsWhereTheInstanceIsWrong() {
    JsonSchemas.Validator validator = JsonSchemas.compile("test", JsonSchemas.forRecord(Line.class));
    assertThat(validator.problems(TestTools.json("{\"product\":\"x\",\"quantity\":2}"))).isEmpty();
    assertThat(validator.problems(TestTools.json("{\"product\":1}")))
        .anySatisfy(p -> assertThat(p).contains("product"))
        .anySatisfy(p -> assertThat(p).contains("quantity"));
  }
}
