package io.codemode4j.sample;

import java.util.SplittableRandom;

/**
 * The product catalogue: subscriptions priced per seat or unit and month, support plans,
 * professional services and training priced per day or seat, and one-off items.
 *
 * <p>Each product has a list-price range in whole US dollars, a quantity range, whether its
 * quantity grows with the customer's size (seats and usage do, days of services mostly do, flat
 * plans do not) and how likely each segment is to buy it.
 */
enum Product {
  PLATFORM_ENTERPRISE(
      "Analytics Platform Enterprise (seat-month)", 70, 110, 20, 300, true, 10, 3, 0.3),
  PLATFORM_PROFESSIONAL(
      "Analytics Platform Professional (seat-month)", 35, 55, 10, 150, true, 3, 8, 4),
  PLATFORM_STARTER("Analytics Platform Starter (seat-month)", 12, 25, 1, 40, true, 0.5, 2, 10),
  SECURITY_ADD_ON("Advanced Security Add-on (seat-month)", 10, 20, 20, 300, true, 5, 2, 0.5),
  AI_ASSISTANT_ADD_ON("AI Assistant Add-on (seat-month)", 15, 30, 10, 200, true, 4, 3, 1),
  DATA_CONNECTOR_PACK("Data Connector Pack", 2_500, 6_000, 1, 6, false, 5, 4, 1),
  PREMIUM_SUPPORT("Premium Support Plan (month)", 2_500, 8_000, 1, 1, false, 6, 1.5, 0.2),
  STANDARD_SUPPORT("Standard Support Plan (month)", 400, 1_500, 1, 1, false, 1, 5, 4),
  TECHNICAL_ACCOUNT_MANAGER(
      "Technical Account Manager (month)", 6_000, 12_000, 1, 1, false, 3, 0.5, 0),
  IMPLEMENTATION("Implementation Services (day)", 1_400, 2_200, 3, 40, true, 6, 4, 1),
  SOLUTION_ARCHITECTURE("Solution Architecture (day)", 1_800, 2_800, 1, 15, true, 4, 2, 0.3),
  DATA_MIGRATION("Data Migration Services (day)", 1_300, 2_000, 2, 25, true, 3, 2, 0.5),
  CUSTOM_INTEGRATION(
      "Custom Integration Development (day)", 1_500, 2_400, 5, 60, true, 3, 1.5, 0.2),
  ONLINE_TRAINING("Online Training Course (seat)", 300, 900, 1, 40, true, 3, 4, 4),
  ONSITE_WORKSHOP("On-site Training Workshop (day)", 2_500, 4_500, 1, 5, false, 3, 2, 0.5),
  CERTIFICATION_VOUCHER("Certification Exam Voucher", 150, 300, 1, 20, true, 2, 2, 1.5),
  CLOUD_STORAGE("Cloud Storage (TB-month)", 20, 35, 5, 800, true, 5, 5, 4),
  COMPUTE_CREDITS("Compute Credits (1,000 units)", 40, 80, 10, 2_000, true, 5, 5, 4),
  MANAGED_HOSTING("Managed Hosting (month)", 1_500, 6_000, 1, 3, false, 2, 3, 2),
  SANDBOX_ENVIRONMENT("Sandbox Environment (month)", 300, 800, 1, 3, false, 2, 2, 1);

  private final String label;
  private final int minListDollars;
  private final int maxListDollars;
  private final int minQuantity;
  private final int maxQuantity;
  private final boolean scalesWithCustomerSize;
  private final double enterpriseWeight;
  private final double midMarketWeight;
  private final double smbWeight;

  Product(
      String label,
      int minListDollars,
      int maxListDollars,
      int minQuantity,
      int maxQuantity,
      boolean scalesWithCustomerSize,
      double enterpriseWeight,
      double midMarketWeight,
      double smbWeight) {
    this.label = label;
    this.minListDollars = minListDollars;
    this.maxListDollars = maxListDollars;
    this.minQuantity = minQuantity;
    this.maxQuantity = maxQuantity;
    this.scalesWithCustomerSize = scalesWithCustomerSize;
    this.enterpriseWeight = enterpriseWeight;
    this.midMarketWeight = midMarketWeight;
    this.smbWeight = smbWeight;
  }

  /** The value stored in the {@code product} column. */
  String label() {
    return label;
  }

  /** How likely a customer of {@code segment} is to buy this product, relative to the others. */
  double weight(Segment segment) {
    return switch (segment) {
      case ENTERPRISE -> enterpriseWeight;
      case MID_MARKET -> midMarketWeight;
      case SMB -> smbWeight;
    };
  }

  /** A list price in the product's range, less the customer's discount, in US cents. */
  long randomUnitPriceCents(SplittableRandom random, int discountPercent) {
    long listDollars = random.nextInt(minListDollars, maxListDollars + 1);
    // dollars * (100 - discount%) is exactly the discounted price in cents.
    return listDollars * (100 - discountPercent);
  }

  /**
   * A quantity in the product's range, small ones likelier (squared uniform), then multiplied by
   * the customer's size factor for products bought per seat, day or unit.
   */
  int randomQuantity(SplittableRandom random, double customerSizeFactor) {
    double u = random.nextDouble();
    int base = minQuantity + (int) ((maxQuantity - minQuantity + 1) * u * u);
    if (!scalesWithCustomerSize) {
      return base;
    }
    return (int) Math.max(1, Math.round(base * customerSizeFactor));
  }
}
