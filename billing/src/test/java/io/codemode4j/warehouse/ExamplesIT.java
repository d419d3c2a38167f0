package io.codemode4j.warehouse;

import static io.codemode4j.warehouse.Programs.UNCONFINED;
import static java.util.stream.Collectors.groupingBy;
import static java.util.stream.Collectors.summingLong;
import static java.util.stream.Collectors.toMap;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.codemode4j.bridge.CodeMode;
import io.codemode4j.bridge.outcome.PassFailure;
import io.codemode4j.bridge.outcome.PassOutcome;
import io.codemode4j.bridge.outcome.PassSuccess;
import io.codemode4j.engine.duckdb.DuckDbLimits;
import io.codemode4j.engine.duckdb.DuckDbReadOnly;
import io.codemode4j.sql.QueryPolicy;
import io.codemode4j.warehouse.billing.BillingSample;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDate;
import java.time.YearMonth;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.AfterParameterizedClassInvocation;
import org.junit.jupiter.params.BeforeParameterizedClassInvocation;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Runs every analyst program in the repository's {@code examples/} through Code Mode with the
 * default limits and the default toolkit, on every {@link Backend}, and checks each answer against
 * the same question computed here in Java, once, from the raw rows of the bundled data: money to
 * the cent, counts exactly, percentages rounded to one decimal within half a tenth. The programs
 * are the same on every engine, so their SQL is what DuckDB, PostgreSQL and Trino all accept alike.
 */
@ParameterizedClass(name = "{0}")
@EnumSource(Backend.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ExamplesIT {

  /** Half of the last digit the examples round percentages and day counts to (one decimal). */
  private static final double ROUNDED_TO_ONE_DECIMAL = 0.05 + 1e-9;

  record Customer(String id, String name, String region, String segment, String country) {}

  record Invoice(
      String id,
      String customerId,
      String region,
      LocalDate issuedOn,
      LocalDate dueOn,
      Optional<LocalDate> paidOn,
      String status,
      long amountCents) {
    boolean isRevenue() {
      return !status.equals("void");
    }
  }

  record Line(String invoiceId, String product, long quantity, long unitPriceCents) {}

  private static final Map<String, Consumer<JsonNode>> CHECKS =
      Map.of(
          "top-region.js", ExamplesIT::checkTopRegion,
          "revenue-growth.js", ExamplesIT::checkRevenueGrowth,
          "overdue-exposure.js", ExamplesIT::checkOverdueExposure,
          "top-customers.js", ExamplesIT::checkTopCustomers,
          "product-mix.js", ExamplesIT::checkProductMix,
          "days-to-pay.js", ExamplesIT::checkDaysToPay,
          "late-payers.js", ExamplesIT::checkLatePayers,
          "customer-concentration.js", ExamplesIT::checkCustomerConcentration,
          "revenue-by-month-and-region.js", ExamplesIT::checkRevenueByMonthAndRegion,
          "top-customers-chart.js", ExamplesIT::checkTopCustomersChart);

  /**
   * The examples an engine refuses, and why. MariaDB refuses days-to-pay.js: it subtracts two
   * timestamps, which MariaDB computes as numbers (its dialect refuses + and - on dates, advising
   * datediff), and takes the days with extract, which MariaDB's catalog leaves out (its WEEK is
   * Sunday-based and it has no DOW); no one spelling of a day count runs on all four engines.
   */
  private static final Map<Backend, Set<String>> REFUSED =
      Map.of(Backend.MARIADB, Set.of("days-to-pay.js"));

  /** The raw rows the expected answers are computed from, read once for every backend. */
  private static Map<String, Customer> customers;

  private static List<Invoice> invoices;
  private static List<Line> lines;

  @Parameter Backend backend;

  private Warehouse warehouse;
  private CodeMode codeMode;

  @BeforeAll
  static void readRawRows() throws Exception {
    // The bundled file read whole, without the allowlist's row cap or a byte limit short of the
    // largest: the rows as stored, not an answer of any engine under test.
    try (Warehouse raw =
        Warehouse.builder(BillingSample.allowlist())
            .jdbcUrl(DuckDbReadOnly.url(TestWarehouse.bundledFile(), DuckDbLimits.defaults()))
            .poolSize(1)
            .maxResultBytes(Warehouse.MAX_RESULT_BYTES)
            .build()) {
      customers =
          rows(raw, "SELECT customer_id, name, region, segment, country FROM customers").stream()
              .map(
                  r ->
                      new Customer(
                          text(r, "customer_id"),
                          text(r, "name"),
                          text(r, "region"),
                          text(r, "segment"),
                          text(r, "country")))
              .collect(toMap(Customer::id, Function.identity()));
      invoices =
          rows(
                  raw,
                  "SELECT invoice_id, customer_id, region, issued_on, due_on, paid_on, status, amount_cents FROM invoices")
              .stream()
              .map(
                  r ->
                      new Invoice(
                          text(r, "invoice_id"),
                          text(r, "customer_id"),
                          text(r, "region"),
                          LocalDate.parse(text(r, "issued_on")),
                          LocalDate.parse(text(r, "due_on")),
                          r.get("paid_on").isNull()
                              ? Optional.empty()
                              : Optional.of(LocalDate.parse(text(r, "paid_on"))),
                          text(r, "status"),
                          r.get("amount_cents").asLong()))
              .toList();
      lines =
          rows(raw, "SELECT invoice_id, product, quantity, unit_price_cents FROM invoice_lines")
              .stream()
              .map(
                  r ->
                      new Line(
                          text(r, "invoice_id"),
                          text(r, "product"),
                          r.get("quantity").asLong(),
                          r.get("unit_price_cents").asLong()))
              .toList();
    }
  }

  @BeforeParameterizedClassInvocation
  void open() throws WarehouseException {
    warehouse = backend.open();
    codeMode = BillingSample.installTools(warehouse, CodeMode.builder()).build();
  }

  @AfterParameterizedClassInvocation
  void close() {
    codeMode.close();
    warehouse.close();
  }

  static Path examplesDir() {
    return Path.of(System.getProperty("codemode.examplesDir", "../examples"));
  }

  static Stream<String> examples() throws IOException {
    try (Stream<Path> files = Files.list(examplesDir())) {
      return files
          .map(f -> f.getFileName().toString())
          .filter(n -> n.endsWith(".js"))
          .sorted()
          .toList()
          .stream();
    }
  }

  @Test
  void examples_directory_holdsEveryCheckedProgramAndNoUncheckedOne() throws IOException {
    assertThat(examples())
        .containsExactlyInAnyOrderElementsOf(CHECKS.keySet())
        .hasSizeGreaterThanOrEqualTo(6);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("examples")
  void example_source_isOneAsyncFunctionOpeningWithTheQuestionItAnswers(String example)
      throws IOException {
    String source = Files.readString(examplesDir().resolve(example));

    assertThat(source).startsWith("async () => {\n  // ").endsWith("\n}\n");
    assertThat(source.lines().skip(1).findFirst().orElseThrow()).endsWith("?");
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("examples")
  void example_onTheBundledData_answersLikeTheIndependentComputation(String example)
      throws IOException {
    PassOutcome outcome =
        codeMode.run(Files.readString(examplesDir().resolve(example)), Programs.run(UNCONFINED));
    if (refusedHere(example, outcome)) {
      return;
    }

    assertThat(outcome)
        .as("%s: %s", example, outcome.egress().json())
        .isInstanceOf(PassSuccess.class);
    assertThat(outcome.egress().omittedParts())
        .as("the answer fits the default egress budget")
        .isEmpty();
    CHECKS.get(example).accept(((PassSuccess) outcome).result());
  }

  /**
   * The docs run the main example with {@code --tenant emea}: every example must answer a tenant.
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("examples")
  void example_forATenantOfOneRegion_answers(String example) throws IOException {
    PassOutcome outcome =
        codeMode.run(Files.readString(examplesDir().resolve(example)), Programs.run(Programs.EMEA));
    if (refusedHere(example, outcome)) {
      return;
    }

    assertThat(outcome)
        .as("%s: %s", example, outcome.egress().json())
        .isInstanceOf(PassSuccess.class);
  }

  /**
   * Whether {@code example} is one this backend refuses ({@link #REFUSED}), after checking that it
   * was refused by the allowlist, with the refusal's reason.
   */
  private boolean refusedHere(String example, PassOutcome outcome) {
    if (!REFUSED.getOrDefault(backend, Set.of()).contains(example)) {
      return false;
    }
    assertThat(outcome)
        .as("%s is marked refused on %s: drop the mark if it runs", example, backend)
        .isInstanceOfSatisfying(
            PassFailure.class, failure -> assertThat(failure.message()).contains("SQL refused ("));
    return true;
  }

  private static void checkTopRegion(JsonNode answer) {
    List<Map.Entry<String, Long>> ranking =
        descending(
            revenueInvoices()
                .collect(groupingBy(Invoice::region, summingLong(Invoice::amountCents))));

    assertThat(text(answer, "region")).isEqualTo(ranking.get(0).getKey());
    assertThat(text(answer, "revenue")).isEqualTo(dollars(ranking.get(0).getValue()));
    assertThat(text(answer, "leadOverNext"))
        .isEqualTo(dollars(ranking.get(0).getValue() - ranking.get(1).getValue()));
    assertThat(answer.get("ranking"))
        .extracting(r -> text(r, "region") + "=" + text(r, "revenue"))
        .containsExactlyElementsOf(
            ranking.stream().map(e -> e.getKey() + "=" + dollars(e.getValue())).toList());
  }

  private static void checkRevenueGrowth(JsonNode answer) {
    TreeMap<YearMonth, Long> byMonth =
        revenueInvoices()
            .collect(
                groupingBy(
                    i -> YearMonth.from(i.issuedOn()),
                    TreeMap::new,
                    summingLong(Invoice::amountCents)));
    List<Map.Entry<YearMonth, Long>> lastSeven =
        new ArrayList<>(byMonth.entrySet()).subList(byMonth.size() - 7, byMonth.size());

    assertThat(answer).hasSize(6);
    for (int i = 0; i < 6; i++) {
      JsonNode month = answer.get(i);
      long previous = lastSeven.get(i).getValue();
      long current = lastSeven.get(i + 1).getValue();
      assertThat(text(month, "month")).isEqualTo(lastSeven.get(i + 1).getKey().toString());
      assertThat(text(month, "revenue")).isEqualTo(dollars(current));
      assertThat(month.get("growthPct").asDouble())
          .isCloseTo(100.0 * (current - previous) / previous, within(ROUNDED_TO_ONE_DECIMAL));
    }
  }

  private static void checkOverdueExposure(JsonNode answer) {
    Map<String, List<Invoice>> bySegment =
        invoices.stream()
            .filter(i -> i.status().equals("overdue"))
            .collect(groupingBy(i -> customers.get(i.customerId()).segment()));
    List<String> segments =
        bySegment.keySet().stream()
            .sorted(Comparator.comparingLong((String s) -> sum(bySegment.get(s))).reversed())
            .toList();

    assertThat(text(answer, "totalOverdue"))
        .isEqualTo(dollars(bySegment.values().stream().mapToLong(ExamplesIT::sum).sum()));
    assertThat(answer.get("bySegment"))
        .extracting(s -> text(s, "segment"))
        .containsExactlyElementsOf(segments);
    for (JsonNode segment : answer.get("bySegment")) {
      List<Invoice> overdue = bySegment.get(text(segment, "segment"));
      assertThat(text(segment, "overdue")).isEqualTo(dollars(sum(overdue)));
      assertThat(segment.get("invoices").asInt()).isEqualTo(overdue.size());
      assertThat(segment.get("customers").asLong())
          .isEqualTo(overdue.stream().map(Invoice::customerId).distinct().count());
      assertThat(text(segment, "largestInvoice"))
          .isEqualTo(dollars(overdue.stream().mapToLong(Invoice::amountCents).max().orElseThrow()));
      assertThat(text(segment, "oldestDueOn"))
          .isEqualTo(
              overdue.stream()
                  .map(Invoice::dueOn)
                  .min(Comparator.naturalOrder())
                  .orElseThrow()
                  .toString());
    }
  }

  private static void checkTopCustomers(JsonNode answer) {
    List<Map.Entry<String, Long>> top =
        descending(
                revenueInvoices()
                    .collect(groupingBy(Invoice::customerId, summingLong(Invoice::amountCents))))
            .subList(0, 5);

    assertThat(answer).hasSize(5);
    for (int i = 0; i < 5; i++) {
      JsonNode row = answer.get(i);
      String customerId = top.get(i).getKey();
      List<Invoice> own =
          invoices.stream().filter(inv -> inv.customerId().equals(customerId)).toList();
      List<Invoice> unpaid =
          own.stream().filter(inv -> Set.of("open", "overdue").contains(inv.status())).toList();
      assertThat(text(row, "customer")).isEqualTo(customers.get(customerId).name());
      assertThat(text(row, "revenue")).isEqualTo(dollars(top.get(i).getValue()));
      assertThat(row.get("invoices").asInt()).isEqualTo(own.size());
      assertThat(text(row, "outstanding")).isEqualTo(dollars(sum(unpaid)));
      assertThat(row.get("overdueInvoices").asLong())
          .isEqualTo(unpaid.stream().filter(inv -> inv.status().equals("overdue")).count());
      assertThat(text(row, "lastInvoiceOn"))
          .isEqualTo(
              own.stream()
                  .map(Invoice::issuedOn)
                  .max(Comparator.naturalOrder())
                  .orElseThrow()
                  .toString());
    }
  }

  /** The last twelve months' revenue per region, month then region, with a chart of them. */
  private static void checkRevenueByMonthAndRegion(JsonNode answer) {
    TreeMap<YearMonth, TreeMap<String, Long>> byMonth =
        revenueInvoices()
            .collect(
                groupingBy(
                    i -> YearMonth.from(i.issuedOn()),
                    TreeMap::new,
                    groupingBy(Invoice::region, TreeMap::new, summingLong(Invoice::amountCents))));
    List<String> expected = new ArrayList<>();
    byMonth
        .tailMap(byMonth.lastKey().minusMonths(11), true)
        .forEach(
            (month, regions) ->
                regions.forEach(
                    (region, cents) -> expected.add(month + " " + region + " " + dollars(cents))));

    assertThat(answer.get("rows"))
        .extracting(
            r ->
                text(r, "month").substring(0, 7)
                    + " "
                    + text(r, "region")
                    + " "
                    + text(r, "revenue"))
        .containsExactlyElementsOf(expected);
    assertThat(answer.at("/chart/encoding/color/field").asString()).isEqualTo("region");
  }

  /** The ten biggest customers by revenue, largest first, with a chart of them. */
  private static void checkTopCustomersChart(JsonNode answer) {
    List<Map.Entry<String, Long>> top =
        descending(
                revenueInvoices()
                    .collect(groupingBy(Invoice::customerId, summingLong(Invoice::amountCents))))
            .subList(0, 10);

    assertThat(answer.get("rows"))
        .extracting(r -> text(r, "customer") + " " + text(r, "revenue"))
        .containsExactlyElementsOf(
            top.stream()
                .map(e -> customers.get(e.getKey()).name() + " " + dollars(e.getValue()))
                .toList());
    assertThat(answer.at("/chart/mark").asString()).isEqualTo("bar");
  }

  private static void checkProductMix(JsonNode answer) {
    Set<String> revenueIds = revenueInvoices().map(Invoice::id).collect(Collectors.toSet());
    List<Map.Entry<String, Long>> products =
        descending(
            lines.stream()
                .filter(l -> revenueIds.contains(l.invoiceId()))
                .collect(
                    groupingBy(
                        Line::product, summingLong(l -> l.quantity() * l.unitPriceCents()))));
    long total = products.stream().mapToLong(Map.Entry::getValue).sum();

    assertThat(text(answer, "totalRevenue")).isEqualTo(dollars(total));
    assertThat(total)
        .as("lines add up to the invoices")
        .isEqualTo(revenueInvoices().mapToLong(Invoice::amountCents).sum());
    assertThat(answer.get("products"))
        .extracting(p -> text(p, "product") + "=" + text(p, "revenue"))
        .containsExactlyElementsOf(
            products.stream().map(e -> e.getKey() + "=" + dollars(e.getValue())).toList());
    for (int i = 0; i < products.size(); i++) {
      assertThat(answer.get("products").get(i).get("sharePct").asDouble())
          .isCloseTo(100.0 * products.get(i).getValue() / total, within(ROUNDED_TO_ONE_DECIMAL));
    }
  }

  private static void checkDaysToPay(JsonNode answer) {
    Map<String, List<Invoice>> paidByRegion =
        invoices.stream()
            .filter(i -> i.status().equals("paid"))
            .collect(groupingBy(Invoice::region));
    Function<String, Double> averageDays =
        region ->
            paidByRegion.get(region).stream()
                .mapToLong(i -> ChronoUnit.DAYS.between(i.issuedOn(), i.paidOn().orElseThrow()))
                .average()
                .orElseThrow();

    assertThat(answer)
        .extracting(r -> text(r, "region"))
        .containsExactlyElementsOf(
            paidByRegion.keySet().stream().sorted(Comparator.comparing(averageDays)).toList());
    for (JsonNode row : answer) {
      List<Invoice> paid = paidByRegion.get(text(row, "region"));
      long late = paid.stream().filter(i -> i.paidOn().orElseThrow().isAfter(i.dueOn())).count();
      assertThat(row.get("paidInvoices").asInt()).isEqualTo(paid.size());
      assertThat(row.get("avgDaysToPay").asDouble())
          .isCloseTo(averageDays.apply(text(row, "region")), within(ROUNDED_TO_ONE_DECIMAL));
      assertThat(row.get("paidLatePct").asDouble())
          .isCloseTo(100.0 * late / paid.size(), within(ROUNDED_TO_ONE_DECIMAL));
    }
  }

  private static void checkLatePayers(JsonNode answer) {
    record Score(Customer customer, long paid, long late) {
      double rate() {
        return paid == 0 ? 0 : (double) late / paid;
      }
    }
    List<Score> scores =
        customers.values().stream()
            .filter(c -> c.region().equals("emea") && c.segment().equals("enterprise"))
            .map(
                c -> {
                  List<Invoice> paid =
                      invoices.stream()
                          .filter(i -> i.customerId().equals(c.id()) && i.status().equals("paid"))
                          .toList();
                  return new Score(
                      c,
                      paid.size(),
                      paid.stream()
                          .filter(i -> i.paidOn().orElseThrow().isAfter(i.dueOn()))
                          .count());
                })
            .sorted(
                Comparator.comparingDouble(Score::rate)
                    .reversed()
                    .thenComparing(Comparator.comparingLong(Score::late).reversed())
                    .thenComparing(s -> s.customer().name()))
            .toList();

    assertThat(answer.get("enterpriseCustomers").asInt()).isEqualTo(scores.size());
    assertThat(answer.get("worst")).hasSize(3);
    for (int i = 0; i < 3; i++) {
      JsonNode row = answer.get("worst").get(i);
      Score want = scores.get(i);
      assertThat(text(row, "customer")).isEqualTo(want.customer().name());
      assertThat(text(row, "country")).isEqualTo(want.customer().country());
      assertThat(row.get("paidInvoices").asLong()).isEqualTo(want.paid());
      assertThat(row.get("lateInvoices").asLong()).isEqualTo(want.late());
      assertThat(row.get("latePct").asDouble())
          .isCloseTo(100 * want.rate(), within(ROUNDED_TO_ONE_DECIMAL));
    }
  }

  private static void checkCustomerConcentration(JsonNode answer) {
    List<Map.Entry<String, Long>> ranking =
        descending(
            revenueInvoices()
                .collect(groupingBy(Invoice::customerId, summingLong(Invoice::amountCents))));
    long total = ranking.stream().mapToLong(Map.Entry::getValue).sum();
    int decile = ranking.size() / 10;
    long topDecile = ranking.subList(0, decile).stream().mapToLong(Map.Entry::getValue).sum();

    assertThat(answer.get("customers").asInt()).isEqualTo(ranking.size());
    assertThat(text(answer, "totalRevenue")).isEqualTo(dollars(total));
    assertThat(answer.get("topDecileCustomers").asInt()).isEqualTo(decile);
    assertThat(answer.get("topDecileSharePct").asDouble())
        .isCloseTo(100.0 * topDecile / total, within(ROUNDED_TO_ONE_DECIMAL));
    assertThat(text(answer, "largestCustomer"))
        .isEqualTo(customers.get(ranking.get(0).getKey()).name());
    assertThat(text(answer, "largestRevenue")).isEqualTo(dollars(ranking.get(0).getValue()));
    assertThat(answer.get("largestSharePct").asDouble())
        .isCloseTo(100.0 * ranking.get(0).getValue() / total, within(ROUNDED_TO_ONE_DECIMAL));
  }

  private static Stream<Invoice> revenueInvoices() {
    return invoices.stream().filter(Invoice::isRevenue);
  }

  private static long sum(List<Invoice> list) {
    return list.stream().mapToLong(Invoice::amountCents).sum();
  }

  /** Entries by value, largest first; ties (none in the bundled data) by key. */
  private static List<Map.Entry<String, Long>> descending(Map<String, Long> totals) {
    return totals.entrySet().stream()
        .sorted(
            Map.Entry.<String, Long>comparingByValue()
                .reversed()
                .thenComparing(Map.Entry.comparingByKey()))
        .toList();
  }

  private static String dollars(long cents) {
    return BigDecimal.valueOf(cents, 2).toPlainString();
  }

  private static String text(JsonNode node, String field) {
    assertThat(node.has(field)).as("%s has %s", node, field).isTrue();
    return node.get(field).asString();
  }

  private static List<ObjectNode> rows(Warehouse raw, String sql) throws Exception {
    QueryResult result =
        raw.query(sql, QueryPolicy.unscoped(Warehouse.MAX_ROWS_LIMIT), Duration.ofSeconds(60));
    assertThat(result.truncated()).isFalse();
    return result.rows();
  }
}
