package io.codemode4j.sample;

/**
 * One line of an invoice.
 *
 * @param lineNo 1-based position on the invoice
 * @param unitPriceCents discounted unit price in US cents
 */
record InvoiceLine(int lineNo, Product product, int quantity, long unitPriceCents) {

  long amountCents() {
    return Math.multiplyExact(quantity, unitPriceCents);
  }
}
