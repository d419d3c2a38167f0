package io.codemode4j.sample;

/**
 * One customer: the exported columns plus the traits that shape its invoices.
 *
 * @param number 1-based customer number; {@code id} is {@code C} and this number, at least 4 digits
 * @param purchaseWeight relative share of all invoices this customer receives
 * @param sizeFactor multiplier on per-seat, per-day and per-unit quantities
 * @param discountPercent discount off list price on every line
 * @param termsDays payment terms: due date = issue date + this
 * @param lateProbability chance that an invoice is paid after its due date
 */
record Customer(
    int number,
    String id,
    String name,
    Region region,
    Segment segment,
    String country,
    double purchaseWeight,
    double sizeFactor,
    int discountPercent,
    int termsDays,
    double lateProbability) {}
