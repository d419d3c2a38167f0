package io.codemode4j.sample;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Unique, realistic company names by customer index.
 *
 * <p>Indices 0, 1 and 2 are the {@link #FEATURED} names that analysts' example programs use. The
 * others come from a base name space of every "word + industry" pair ("Northwind Logistics"),
 * shuffled once by the seed; beyond it, the space repeats with a numeric suffix ("Northwind
 * Logistics 2"). No base name ends in a number and no featured name is a pair, so every index gets
 * a different name, and an index's name never depends on how many customers there are.
 */
final class CompanyNames {

  /** Customers that always exist, by these exact names, as customers 1 to 3. */
  static final List<String> FEATURED = List.of("Acme", "Atlas", "Beacon");

  private static final List<String> WORDS =
      List.of(
          "Northwind",
          "Bluefin",
          "Granite",
          "Silverline",
          "Redwood",
          "Summit",
          "Harbor",
          "Cobalt",
          "Evergreen",
          "Ironbridge",
          "Lakeshore",
          "Meridian",
          "Orion",
          "Pinnacle",
          "Quantum",
          "Riverstone",
          "Sterling",
          "Tidewater",
          "Vanguard",
          "Westbrook",
          "Zenith",
          "Aurora",
          "Brightwater",
          "Cedar",
          "Crescent",
          "Falcon",
          "Foxglove",
          "Glacier",
          "Helix",
          "Horizon",
          "Juniper",
          "Keystone",
          "Lighthouse",
          "Magnolia",
          "Nimbus",
          "Oakridge",
          "Polaris",
          "Prairie",
          "Sequoia",
          "Skyline",
          "Solstice",
          "Stonegate",
          "Sunrise",
          "Trident",
          "Unity",
          "Velvet",
          "Willow",
          "Yellowstone",
          "Alder",
          "Bramble");

  private static final List<String> INDUSTRIES =
      List.of(
          "Logistics",
          "Analytics",
          "Foods",
          "Health",
          "Energy",
          "Systems",
          "Capital",
          "Retail",
          "Pharma",
          "Motors",
          "Telecom",
          "Media",
          "Insurance",
          "Robotics",
          "Labs",
          "Manufacturing",
          "Software",
          "Consulting",
          "Biotech",
          "Shipping",
          "Textiles",
          "Hotels",
          "Mining",
          "Semiconductors",
          "Agritech",
          "Construction",
          "Outfitters",
          "Brewing",
          "Aerospace",
          "Chemicals");

  private final List<String> baseNames;

  /**
   * @param random the names' own stream: it shuffles the base name space and nothing else
   */
  CompanyNames(SplittableRandom random) {
    List<String> names = new ArrayList<>(WORDS.size() * INDUSTRIES.size());
    for (String word : WORDS) {
      for (String industry : INDUSTRIES) {
        names.add(word + " " + industry);
      }
    }
    for (int i = names.size() - 1; i > 0; i--) {
      int j = random.nextInt(i + 1);
      names.set(i, names.set(j, names.get(i)));
    }
    baseNames = List.copyOf(names);
  }

  /** Number of names before numeric suffixes start. */
  int unsuffixedCount() {
    return FEATURED.size() + baseNames.size();
  }

  /** The name of the customer at 0-based {@code index}. */
  String nameOf(int index) {
    if (index < 0) {
      throw new IllegalArgumentException("index must not be negative, was " + index);
    }
    if (index < FEATURED.size()) {
      return FEATURED.get(index);
    }
    int baseIndex = index - FEATURED.size();
    String base = baseNames.get(baseIndex % baseNames.size());
    int round = baseIndex / baseNames.size();
    return round == 0 ? base : base + " " + (round + 1);
  }
}
