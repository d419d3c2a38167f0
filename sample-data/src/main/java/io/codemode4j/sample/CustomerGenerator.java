package io.codemode4j.sample;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * Draws the customers one after another from the customers' stream: customer {@code n} depends only
 * on the seed and the customers before it, so it is the same whatever the customer count.
 */
final class CustomerGenerator {

  /**
   * Purchase weights follow a Pareto law, the classic shape of revenue per customer: with shape 1.3
   * most customers weigh 1 to 3 and a few weigh 50 or more. The cap keeps one lucky draw from
   * owning the data set.
   */
  private static final double PARETO_SHAPE = 1.3;

  private static final double MAX_BASE_WEIGHT = 60;

  /**
   * Acme, Atlas and Beacon get fixed traits, chosen so they sit among the largest customers:
   * analysts' examples look them up and should find plenty of invoices.
   */
  private static final Region[] FEATURED_REGIONS = {Region.EMEA, Region.EMEA, Region.AMERICAS};

  private static final String[] FEATURED_COUNTRIES = {"DE", "GB", "US"};
  private static final double[] FEATURED_BASE_WEIGHTS = {12, 10, 11};

  private static final AliasTable REGIONS =
      new AliasTable(Arrays.stream(Region.values()).mapToDouble(Region::customerShare).toArray());
  private static final AliasTable SEGMENTS =
      new AliasTable(Arrays.stream(Segment.values()).mapToDouble(Segment::customerShare).toArray());

  private CustomerGenerator() {}

  static List<Customer> generate(int count, CompanyNames names, SplittableRandom random) {
    List<Customer> customers = new ArrayList<>(count);
    for (int index = 0; index < count; index++) {
      customers.add(next(index, names.nameOf(index), random));
    }
    return customers;
  }

  private static Customer next(int index, String name, SplittableRandom random) {
    // Featured customers draw like any other, then their fixed traits replace the draws, so
    // the stream stays in step with the same code path for every customer.
    Region region = Region.values()[REGIONS.sample(random)];
    String country = region.randomCountry(random);
    Segment segment = Segment.values()[SEGMENTS.sample(random)];
    double baseWeight =
        Math.min(MAX_BASE_WEIGHT, StrictMath.pow(1 - random.nextDouble(), -1 / PARETO_SHAPE));
    if (index < FEATURED_REGIONS.length) {
      region = FEATURED_REGIONS[index];
      country = FEATURED_COUNTRIES[index];
      segment = Segment.ENTERPRISE;
      baseWeight = FEATURED_BASE_WEIGHTS[index];
    }
    double sizeFactor = segment.randomSizeFactor(random);
    int discountPercent = segment.randomDiscountPercent(random);
    int termsDays = segment.randomTermsDays(random);
    double lateProbability = 0.05 + 0.30 * random.nextDouble();
    int number = index + 1;
    return new Customer(
        number,
        String.format(Locale.ROOT, "C%04d", number),
        name,
        region,
        segment,
        country,
        baseWeight * segment.purchaseWeight(),
        sizeFactor,
        discountPercent,
        termsDays,
        lateProbability);
  }
}
