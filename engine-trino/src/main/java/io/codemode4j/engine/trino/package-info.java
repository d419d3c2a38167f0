/**
 * Trino as a warehouse backend, for data that outgrows one machine: the billing sample's allowlist
 * in the Trino dialect, the tables and views a lake's owner creates over its parquet files, and the
 * lockdown Trino enforces by itself ({@link io.codemode4j.engine.trino.TrinoLockdown}, one schema's
 * relations, granted to a reader and a user per tenant with row filters by {@link
 * io.codemode4j.engine.trino.TrinoAccess}; {@link io.codemode4j.engine.trino.TrinoRules} writes the
 * rules of Trino's file-based access control for one or several schemas).
 */
@NullMarked
package io.codemode4j.engine.trino;

import org.jspecify.annotations.NullMarked;
