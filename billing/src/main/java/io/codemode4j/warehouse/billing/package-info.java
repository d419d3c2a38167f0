/**
 * The bundled billing sample: its tables, view, tenant scopes (by region) and notes ({@link
 * io.codemode4j.warehouse.billing.BillingSample}) and its typed tools {@code billing.customers} and
 * {@code billing.invoices} ({@link io.codemode4j.warehouse.billing.BillingTools}). It uses only the
 * public API of {@code io.codemode4j.warehouse} and {@code io.codemode4j.engine.duckdb}, as a
 * user's own domain would; a user's warehouse needs none of it.
 */
@NullMarked
package io.codemode4j.warehouse.billing;

import org.jspecify.annotations.NullMarked;
