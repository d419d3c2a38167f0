package io.codemode4j.sample;

import java.util.List;
import java.util.SplittableRandom;

/**
 * Sales regions, each with its countries (ISO 3166-1 alpha-2) weighted by how many customers sit
 * there.
 */
enum Region {
  EMEA(
      "emea",
      38,
      List.of("DE", "GB", "FR", "NL", "ES", "IT", "SE", "IE", "CH", "PL"),
      new double[] {22, 22, 15, 9, 7, 7, 5, 5, 5, 3}),
  AMERICAS("americas", 44, List.of("US", "CA", "BR", "MX", "CL"), new double[] {72, 12, 8, 6, 2}),
  APAC(
      "apac",
      18,
      List.of("JP", "AU", "IN", "SG", "KR", "NZ"),
      new double[] {24, 24, 20, 14, 10, 8});

  private final String code;
  private final double customerShare;
  private final List<String> countries;
  private final AliasTable countryTable;

  Region(String code, double customerShare, List<String> countries, double[] countryWeights) {
    this.code = code;
    this.customerShare = customerShare;
    this.countries = countries;
    this.countryTable = new AliasTable(countryWeights);
  }

  /** The value stored in the {@code region} columns. */
  String code() {
    return code;
  }

  double customerShare() {
    return customerShare;
  }

  List<String> countries() {
    return countries;
  }

  String randomCountry(SplittableRandom random) {
    return countries.get(countryTable.sample(random));
  }
}
