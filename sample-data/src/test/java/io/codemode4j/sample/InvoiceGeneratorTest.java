package io.codemode4j.sample;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import java.time.LocalDate;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class InvoiceGeneratorTest {

  private static final GeneratorConfig CONFIG =
      new GeneratorConfig(7, 200, 20_000, LocalDate.of(2025, 12, 31));
  private static final LocalDate FIRST_DAY = LocalDate.of(2023, 1, 1);

  private final RandomStreams streams = RandomStreams.of(CONFIG.seed());
  private final List<Customer> customers =
      CustomerGenerator.generate(
          CONFIG.customers(), new CompanyNames(streams.names()), streams.customers());
  private final InvoiceGenerator generator = new InvoiceGenerator(CONFIG, customers);

  @Test
  void invoices_wholeRange_numbersRunInIssueDateOrder() {
    List<Invoice> invoices = all(new SplittableRandom(1));

    assertThat(invoices).hasSize(20_000);
    for (int i = 0; i < invoices.size(); i++) {
      assertThat(invoices.get(i).number()).isEqualTo(i + 1);
    }
    assertThat(invoices).extracting(Invoice::issuedOn).isSorted();
    assertThat(invoices.getFirst().issuedOn()).isEqualTo(FIRST_DAY);
    assertThat(invoices.getLast().issuedOn())
        .isBeforeOrEqualTo(CONFIG.asOf())
        .isAfter(CONFIG.asOf().minusDays(7));
  }

  @Test
  void invoices_everyInvoice_amountIsTheSumOfItsDistinctNumberedLines() {
    for (Invoice invoice : all(new SplittableRandom(2))) {
      assertThat(invoice.lines()).hasSizeBetween(1, 6);
      assertThat(invoice.lines())
          .extracting(InvoiceLine::lineNo)
          .containsExactlyElementsOf(
              IntStream.rangeClosed(1, invoice.lines().size()).boxed().toList());
      assertThat(invoice.lines()).extracting(InvoiceLine::product).doesNotHaveDuplicates();
      assertThat(invoice.lines())
          .allSatisfy(
              line -> {
                assertThat(line.quantity()).isPositive();
                assertThat(line.unitPriceCents()).isPositive();
              });
      long sum =
          invoice.lines().stream().mapToLong(line -> line.quantity() * line.unitPriceCents()).sum();
      assertThat(invoice.amountCents()).isEqualTo(sum);
    }
  }

  @Test
  void invoices_everyInvoice_statusFollowsTheAsOfRules() {
    LocalDate asOf = CONFIG.asOf();
    for (Invoice invoice : all(new SplittableRandom(3))) {
      long terms = ChronoUnit.DAYS.between(invoice.issuedOn(), invoice.dueOn());
      assertThat(terms).isIn(15L, 30L, 45L, 60L);
      assertThat(terms).isEqualTo(invoice.customer().termsDays());
      switch (invoice.status()) {
        case PAID ->
            assertThat(invoice.paidOn())
                .isAfterOrEqualTo(invoice.issuedOn())
                .isBeforeOrEqualTo(invoice.dueOn().plusDays(45))
                .isBeforeOrEqualTo(asOf);
        case OPEN -> {
          assertThat(invoice.paidOn()).isNull();
          assertThat(invoice.dueOn()).isAfterOrEqualTo(asOf);
        }
        case OVERDUE -> {
          assertThat(invoice.paidOn()).isNull();
          assertThat(invoice.dueOn()).isBefore(asOf);
        }
        case VOID -> assertThat(invoice.paidOn()).isNull();
      }
    }
  }

  @Test
  void invoices_manyInvoices_statusSharesAreRealistic() {
    Map<InvoiceStatus, Integer> counts = new EnumMap<>(InvoiceStatus.class);
    List<Invoice> invoices = all(new SplittableRandom(4));
    invoices.forEach(invoice -> counts.merge(invoice.status(), 1, Integer::sum));

    assertThat(share(counts, InvoiceStatus.PAID, invoices)).isGreaterThan(0.85);
    assertThat(share(counts, InvoiceStatus.VOID, invoices)).isBetween(0.01, 0.03);
    assertThat(share(counts, InvoiceStatus.OVERDUE, invoices)).isBetween(0.005, 0.05);
    assertThat(share(counts, InvoiceStatus.OPEN, invoices)).isBetween(0.005, 0.08);
  }

  @Test
  void invoices_sameRandom_sameInvoices() {
    assertThat(all(new SplittableRandom(5))).isEqualTo(all(new SplittableRandom(5)));
  }

  @Test
  void invoices_rangeInTheMiddle_hasTheWholeRunsIssueDates() {
    List<Invoice> whole = all(new SplittableRandom(6));
    Iterator<Invoice> middle = generator.invoices(12_345, 12_400, new SplittableRandom(99));

    for (long number = 12_345; number <= 12_400; number++) {
      Invoice invoice = middle.next();
      assertThat(invoice.number()).isEqualTo(number);
      assertThat(invoice.issuedOn()).isEqualTo(whole.get((int) number - 1).issuedOn());
    }
    assertThat(middle.hasNext()).isFalse();
  }

  @Test
  void invoices_rangeBeyondTheTotal_isRejected() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> generator.invoices(19_990, 20_001, new SplittableRandom(1)))
        .withMessageContaining("range");
  }

  private List<Invoice> all(SplittableRandom random) {
    List<Invoice> invoices = new ArrayList<>();
    generator.invoices(1, CONFIG.invoices(), random).forEachRemaining(invoices::add);
    return invoices;
  }

  private static double share(
      Map<InvoiceStatus, Integer> counts, InvoiceStatus status, List<Invoice> all) {
    return counts.getOrDefault(status, 0) / (double) all.size();
  }
}
