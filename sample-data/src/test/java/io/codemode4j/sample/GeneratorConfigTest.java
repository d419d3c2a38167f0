package io.codemode4j.sample;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import java.time.LocalDate;
import org.junit.jupiter.api.Test;

class GeneratorConfigTest {

  private static final LocalDate AS_OF = LocalDate.of(2025, 12, 31);

  @Test
  void bundled_always_is500CustomersAnd50000InvoicesAsOfEnd2025() {
    GeneratorConfig bundled = GeneratorConfig.bundled();

    assertThat(bundled.customers()).isEqualTo(500);
    assertThat(bundled.invoices()).isEqualTo(50_000);
    assertThat(bundled.asOf()).isEqualTo(AS_OF);
    assertThat(GeneratorConfig.bundled()).isEqualTo(bundled);
  }

  @Test
  void constructor_negativeCustomers_namesCustomersInMessage() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> new GeneratorConfig(1, -5, 100, AS_OF))
        .withMessageContaining("customers")
        .withMessageContaining("-5");
  }

  @Test
  void constructor_fewerCustomersThanFeatured_namesFeaturedCustomers() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> new GeneratorConfig(1, 2, 100, AS_OF))
        .withMessageContaining("customers must be at least 3")
        .withMessageContaining("Acme");
  }

  @Test
  void constructor_zeroInvoices_namesInvoicesInMessage() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> new GeneratorConfig(1, 500, 0, AS_OF))
        .withMessageContaining("invoices")
        .withMessageContaining("was 0");
  }

  @Test
  void constructor_negativeInvoices_namesInvoicesInMessage() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> new GeneratorConfig(1, 500, -1, AS_OF))
        .withMessageContaining("invoices")
        .withMessageContaining("was -1");
  }

  @Test
  void constructor_tooManyInvoices_namesInvoicesInMessage() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> new GeneratorConfig(1, 500, GeneratorConfig.MAX_INVOICES + 1, AS_OF))
        .withMessageContaining("invoices");
  }

  @Test
  void constructor_nullAsOf_namesAsOfInMessage() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> new GeneratorConfig(1, 500, 100, null))
        .withMessageContaining("asOf");
  }

  @Test
  void forInvoices_fewInvoices_keepsTheBundled500Customers() {
    GeneratorConfig config = GeneratorConfig.forInvoices(1_000);

    assertThat(config.customers()).isEqualTo(500);
    assertThat(config.invoices()).isEqualTo(1_000);
    assertThat(config.seed()).isEqualTo(GeneratorConfig.bundled().seed());
    assertThat(config.asOf()).isEqualTo(GeneratorConfig.bundled().asOf());
  }

  @Test
  void forInvoices_tenMillion_scalesToOneCustomerPer100Invoices() {
    assertThat(GeneratorConfig.forInvoices(10_000_000).customers()).isEqualTo(100_000);
  }

  @Test
  void forInvoices_notAMultipleOf100_roundsCustomersUp() {
    assertThat(GeneratorConfig.forInvoices(100_050).customers()).isEqualTo(1_001);
  }

  @Test
  void forInvoices_zero_namesInvoicesInMessage() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> GeneratorConfig.forInvoices(0))
        .withMessageContaining("invoices");
  }

  @Test
  void scaled_two_doublesInvoicesAndCustomers() {
    GeneratorConfig scaled = GeneratorConfig.scaled(2);

    assertThat(scaled.invoices()).isEqualTo(100_000);
    assertThat(scaled.customers()).isEqualTo(1_000);
    assertThat(scaled.seed()).isEqualTo(GeneratorConfig.bundled().seed());
  }

  @Test
  void scaled_one_isTheBundledConfig() {
    assertThat(GeneratorConfig.scaled(1)).isEqualTo(GeneratorConfig.bundled());
  }

  @Test
  void scaled_zero_namesFactorInMessage() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> GeneratorConfig.scaled(0))
        .withMessageContaining("factor");
  }
}
