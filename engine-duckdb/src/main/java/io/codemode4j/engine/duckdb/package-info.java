/**
 * DuckDB as a warehouse backend: the locked-down read-only connection URL ({@link
 * io.codemode4j.engine.duckdb.DuckDbReadOnly}) with its resource caps ({@link
 * io.codemode4j.engine.duckdb.DuckDbLimits}), and database files built from source files once per
 * distinct content ({@link io.codemode4j.engine.duckdb.DuckDbFileCache}), including files that hold
 * one tenant's rows alone ({@link io.codemode4j.engine.duckdb.TenantRows}). Nothing here knows the
 * billing sample.
 */
@NullMarked
package io.codemode4j.engine.duckdb;

import org.jspecify.annotations.NullMarked;
