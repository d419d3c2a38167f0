package io.codemode4j.sample;

import java.util.SplittableRandom;

/**
 * Customer segments. Larger segments buy more often ({@link #purchaseWeight()}) and in larger
 * quantities ({@link #randomSizeFactor}), get larger discounts and longer payment terms.
 */
enum Segment {
  ENTERPRISE(
      "enterprise", 12, 6.0, 2.0, 5.0, 10, 30, new int[] {30, 45, 60}, new double[] {2, 4, 4}),
  MID_MARKET(
      "mid-market",
      33,
      2.0,
      1.0,
      2.0,
      5,
      20,
      new int[] {15, 30, 45, 60},
      new double[] {1, 5, 3, 1}),
  SMB("smb", 55, 1.0, 0.3, 1.0, 0, 10, new int[] {15, 30}, new double[] {5, 5});

  private final String code;
  private final double customerShare;
  private final double purchaseWeight;
  private final double minSizeFactor;
  private final double maxSizeFactor;
  private final int minDiscountPercent;
  private final int maxDiscountPercent;
  private final int[] termsDays;
  private final AliasTable termsTable;

  Segment(
      String code,
      double customerShare,
      double purchaseWeight,
      double minSizeFactor,
      double maxSizeFactor,
      int minDiscountPercent,
      int maxDiscountPercent,
      int[] termsDays,
      double[] termsWeights) {
    this.code = code;
    this.customerShare = customerShare;
    this.purchaseWeight = purchaseWeight;
    this.minSizeFactor = minSizeFactor;
    this.maxSizeFactor = maxSizeFactor;
    this.minDiscountPercent = minDiscountPercent;
    this.maxDiscountPercent = maxDiscountPercent;
    this.termsDays = termsDays;
    this.termsTable = new AliasTable(termsWeights);
  }

  /** The value stored in the {@code segment} column. */
  String code() {
    return code;
  }

  double customerShare() {
    return customerShare;
  }

  /** How much more often than an SMB customer of equal base weight this segment buys. */
  double purchaseWeight() {
    return purchaseWeight;
  }

  /** Multiplier on per-seat and per-unit quantities. */
  double randomSizeFactor(SplittableRandom random) {
    return minSizeFactor + (maxSizeFactor - minSizeFactor) * random.nextDouble();
  }

  int randomDiscountPercent(SplittableRandom random) {
    return random.nextInt(minDiscountPercent, maxDiscountPercent + 1);
  }

  /** Payment terms in days: 15, 30, 45 or 60. */
  int randomTermsDays(SplittableRandom random) {
    return termsDays[termsTable.sample(random)];
  }
}
