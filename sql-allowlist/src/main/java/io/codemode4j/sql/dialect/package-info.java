/**
 * The SQL one warehouse engine speaks, as far as the allowlist needs it: {@link
 * io.codemode4j.sql.dialect.Dialect}: DuckDB ({@link io.codemode4j.sql.dialect.Dialect#duckDb()},
 * the default), PostgreSQL ({@link io.codemode4j.sql.dialect.Dialect#postgres}) and Trino ({@link
 * io.codemode4j.sql.dialect.Dialect#trino}). Pick one with {@link
 * io.codemode4j.sql.SqlAllowlist.Builder#dialect}.
 *
 * <p>Decided: a dialect is an object of this module, not an extension point: {@code Dialect} is
 * sealed, and its methods other than {@code name()} are public only for the allowlist's {@code
 * internal} package to call. Its implementations are package-private and delegate to that package
 * (rendering, function lists, keywords); the tests that check each against its engine live there
 * and in warehouse-tools, which runs the real engines.
 */
@NullMarked
package io.codemode4j.sql.dialect;

import org.jspecify.annotations.NullMarked;
