package io.codemode4j.sample;

/** Invoice status as of the config's as-of date. */
enum InvoiceStatus {
  /** Paid on or before the as-of date; the only status with a {@code paid_on}. */
  PAID("paid"),
  /** Unpaid and due on or after the as-of date. */
  OPEN("open"),
  /** Unpaid and due before the as-of date. */
  OVERDUE("overdue"),
  /** Cancelled; kept with its lines, never paid, not revenue. */
  VOID("void");

  private final String code;

  InvoiceStatus(String code) {
    this.code = code;
  }

  /** The value stored in the {@code status} column. */
  String code() {
    return code;
  }
}
