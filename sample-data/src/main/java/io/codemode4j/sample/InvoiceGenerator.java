package io.codemode4j.sample;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.SplittableRandom;
import org.jspecify.annotations.Nullable;

/**
 * Draws invoices by number range. Numbers follow issue dates, as in a real billing system: the
 * {@link IssueCalendar} fixes how many invoices each day gets, so a range's days are known without
 * generating what comes before it, and ranges can be generated independently, each from its own
 * random stream. Immutable and thread-safe; an iterator it returns belongs to one thread.
 */
final class InvoiceGenerator {

  private static final double VOID_SHARE = 0.02;

  /** Bad debt and disputes: invoices that are never paid, and so end up overdue. */
  private static final double NEVER_PAID_SHARE = 0.015;

  private static final int MAX_DAYS_LATE = 45;

  /** Line-count weights by count (index): 1 to 6 lines, mean about 3.1. */
  private static final AliasTable LINE_COUNTS =
      new AliasTable(new double[] {0, 12, 25, 28, 18, 11, 6});

  private static final Product[] PRODUCTS = Product.values();

  /**
   * Product tables by {@link Segment#ordinal()}; each segment buys at least 6 products, the most
   * lines.
   */
  private static final AliasTable[] PRODUCTS_BY_SEGMENT = productTables();

  private final List<Customer> customers;
  private final AliasTable customerTable;
  private final LocalDate firstDay;
  private final LocalDate asOf;

  /** Per day of the issue period, how many invoices were issued up to and including it. */
  private final long[] issuedThrough;

  InvoiceGenerator(GeneratorConfig config, List<Customer> customers) {
    this.customers = List.copyOf(customers);
    this.customerTable =
        new AliasTable(customers.stream().mapToDouble(Customer::purchaseWeight).toArray());
    this.asOf = config.asOf();
    this.firstDay = asOf.minusYears(3).plusDays(1);
    long[] perDay = IssueCalendar.invoicesPerDay(firstDay, asOf, config.invoices());
    this.issuedThrough = new long[perDay.length];
    long sum = 0;
    for (int day = 0; day < perDay.length; day++) {
      sum += perDay[day];
      issuedThrough[day] = sum;
    }
  }

  /**
   * Invoices {@code firstNumber} to {@code lastNumber} (1-based, inclusive), drawn from {@code
   * random}.
   */
  Iterator<Invoice> invoices(long firstNumber, long lastNumber, SplittableRandom random) {
    if (firstNumber < 1
        || lastNumber < firstNumber
        || lastNumber > issuedThrough[issuedThrough.length - 1]) {
      throw new IllegalArgumentException(
          "invalid invoice range " + firstNumber + ".." + lastNumber);
    }
    return new Iterator<>() {
      private long nextNumber = firstNumber;
      private int dayIndex;

      @Override
      public boolean hasNext() {
        return nextNumber <= lastNumber;
      }

      @Override
      public Invoice next() {
        if (!hasNext()) {
          throw new NoSuchElementException("invoice range ends at " + lastNumber);
        }
        while (issuedThrough[dayIndex] < nextNumber) {
          dayIndex++;
        }
        return invoice(nextNumber++, firstDay.plusDays(dayIndex), random);
      }
    };
  }

  private Invoice invoice(long number, LocalDate issuedOn, SplittableRandom random) {
    Customer customer = customers.get(customerTable.sample(random));
    LocalDate dueOn = issuedOn.plusDays(customer.termsDays());
    List<InvoiceLine> lines = lines(customer, random);
    long amountCents = 0;
    for (InvoiceLine line : lines) {
      amountCents = Math.addExact(amountCents, line.amountCents());
    }
    if (random.nextDouble() < VOID_SHARE) {
      return new Invoice(
          number, customer, issuedOn, dueOn, null, InvoiceStatus.VOID, lines, amountCents);
    }
    LocalDate payment = plannedPayment(customer, issuedOn, dueOn, random);
    if (payment != null && !payment.isAfter(asOf)) {
      return new Invoice(
          number, customer, issuedOn, dueOn, payment, InvoiceStatus.PAID, lines, amountCents);
    }
    InvoiceStatus unpaid = dueOn.isBefore(asOf) ? InvoiceStatus.OVERDUE : InvoiceStatus.OPEN;
    return new Invoice(number, customer, issuedOn, dueOn, null, unpaid, lines, amountCents);
  }

  /** Distinct products, as a real invoice lists each product once. */
  private static List<InvoiceLine> lines(Customer customer, SplittableRandom random) {
    int count = LINE_COUNTS.sample(random);
    AliasTable products = PRODUCTS_BY_SEGMENT[customer.segment().ordinal()];
    List<InvoiceLine> lines = new ArrayList<>(count);
    boolean[] taken = new boolean[PRODUCTS.length];
    for (int lineNo = 1; lineNo <= count; lineNo++) {
      int productIndex;
      do {
        productIndex = products.sample(random);
      } while (taken[productIndex]);
      taken[productIndex] = true;
      Product product = PRODUCTS[productIndex];
      int quantity = product.randomQuantity(random, customer.sizeFactor());
      long unitPriceCents = product.randomUnitPriceCents(random, customer.discountPercent());
      lines.add(new InvoiceLine(lineNo, product, quantity, unitPriceCents));
    }
    return lines;
  }

  /**
   * When the customer pays, or null if never. On-time payers pay between 30% of the terms and the
   * due date; late payers 1 to 45 days after it, mostly early in that window.
   */
  private static @Nullable LocalDate plannedPayment(
      Customer customer, LocalDate issuedOn, LocalDate dueOn, SplittableRandom random) {
    if (random.nextDouble() < NEVER_PAID_SHARE) {
      return null;
    }
    if (random.nextDouble() < customer.lateProbability()) {
      double u = random.nextDouble();
      return dueOn.plusDays(1 + (long) (MAX_DAYS_LATE * u * u));
    }
    return issuedOn.plusDays(Math.round(customer.termsDays() * (0.3 + 0.7 * random.nextDouble())));
  }

  private static AliasTable[] productTables() {
    Segment[] segments = Segment.values();
    AliasTable[] tables = new AliasTable[segments.length];
    for (Segment segment : segments) {
      double[] weights = new double[PRODUCTS.length];
      for (Product product : PRODUCTS) {
        weights[product.ordinal()] = product.weight(segment);
      }
      tables[segment.ordinal()] = new AliasTable(weights);
    }
    return tables;
  }
}
