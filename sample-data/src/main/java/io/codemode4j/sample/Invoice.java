package io.codemode4j.sample;

import java.time.LocalDate;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * One invoice with its lines.
 *
 * @param number 1-based invoice number; {@code invoice_id} is {@code INV-} and this number, at
 *     least 7 digits
 * @param paidOn the payment day for {@link InvoiceStatus#PAID}, otherwise null
 * @param amountCents the sum of the lines' quantity times unit price, in US cents
 */
record Invoice(
    long number,
    Customer customer,
    LocalDate issuedOn,
    LocalDate dueOn,
    @Nullable LocalDate paidOn,
    InvoiceStatus status,
    List<InvoiceLine> lines,
    long amountCents) {}
