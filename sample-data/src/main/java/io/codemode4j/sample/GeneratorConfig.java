package io.codemode4j.sample;

import java.time.LocalDate;

/**
 * What {@link SampleDataGenerator} generates: the same config always yields the same rows.
 *
 * <p>Invoices are issued over the three years ending at {@code asOf} (both ends inclusive), and
 * every status is judged as of that date, never the wall clock; for {@link #bundled()} that is
 * 2023-01-01 to 2025-12-31.
 *
 * @param seed seed of every random draw
 * @param customers number of customers, at least 3: Acme, Atlas and Beacon always exist
 * @param invoices number of invoices, from 1 to {@value #MAX_INVOICES}
 * @param asOf the day the data is a snapshot of
 */
public record GeneratorConfig(long seed, int customers, long invoices, LocalDate asOf) {

  /** Largest accepted invoice count: about three billion lines, far beyond any benchmark. */
  public static final long MAX_INVOICES = 1_000_000_000L;

  private static final long BUNDLED_SEED = 20_251_231L;
  private static final int BUNDLED_CUSTOMERS = 500;
  private static final long BUNDLED_INVOICES = 50_000L;
  private static final LocalDate BUNDLED_AS_OF = LocalDate.of(2025, 12, 31);

  /** Validates every component; messages name the component and the rejected value. */
  public GeneratorConfig {
    if (customers < CompanyNames.FEATURED.size()) {
      throw new IllegalArgumentException(
          "customers must be at least "
              + CompanyNames.FEATURED.size()
              + " ("
              + String.join(", ", CompanyNames.FEATURED)
              + " always exist), was "
              + customers);
    }
    checkInvoices(invoices);
    if (asOf == null) {
      throw new IllegalArgumentException("asOf must not be null");
    }
  }

  /**
   * The config of the parquet files committed with this module and bundled in its jar: 500
   * customers, 50,000 invoices, as of 2025-12-31.
   */
  public static GeneratorConfig bundled() {
    return new GeneratorConfig(BUNDLED_SEED, BUNDLED_CUSTOMERS, BUNDLED_INVOICES, BUNDLED_AS_OF);
  }

  /**
   * The bundled config with {@code invoices} invoices and customers scaled along: one customer per
   * 100 invoices, never fewer than the bundled 500. The first 500 customers are always the bundled
   * set's, names included.
   *
   * @throws IllegalArgumentException if {@code invoices} is below 1 or above {@value #MAX_INVOICES}
   */
  public static GeneratorConfig forInvoices(long invoices) {
    checkInvoices(invoices);
    long perBundledRatio = Math.ceilDiv(invoices * BUNDLED_CUSTOMERS, BUNDLED_INVOICES);
    int customers = (int) Math.max(BUNDLED_CUSTOMERS, perBundledRatio);
    return new GeneratorConfig(BUNDLED_SEED, customers, invoices, BUNDLED_AS_OF);
  }

  /**
   * The bundled set made {@code factor} times larger, for benchmarks: {@code forInvoices(factor *
   * 50,000)}.
   *
   * @throws IllegalArgumentException if {@code factor} is below 1 or makes too many invoices
   */
  public static GeneratorConfig scaled(int factor) {
    if (factor < 1) {
      throw new IllegalArgumentException("factor must be at least 1, was " + factor);
    }
    return forInvoices(factor * BUNDLED_INVOICES);
  }

  private static void checkInvoices(long invoices) {
    if (invoices < 1 || invoices > MAX_INVOICES) {
      throw new IllegalArgumentException(
          "invoices must be between 1 and " + MAX_INVOICES + ", was " + invoices);
    }
  }
}
