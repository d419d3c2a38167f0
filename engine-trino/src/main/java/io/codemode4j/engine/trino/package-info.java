/**
 * Trino as a warehouse backend, for data that outgrows one machine: the billing sample's allowlist
 * in the Trino dialect, the tables and views a lake's owner creates over its parquet files, and the
 * lockdown Trino enforces by itself ({@link io.codemode4j.engine.trino.TrinoLockdown}: the rules of
 * its file-based access control, a user per tenant with row filters).
 */
@NullMarked
package io.codemode4j.engine.trino;

import org.jspecify.annotations.NullMarked;
