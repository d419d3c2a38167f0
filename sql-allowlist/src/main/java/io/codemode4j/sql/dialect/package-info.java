/**
 * The SQL one warehouse engine speaks, as far as the allowlist needs it: {@link
 * io.codemode4j.sql.dialect.Dialect}, with DuckDB ({@link
 * io.codemode4j.sql.dialect.Dialect#duckDb()}) as the only one today. Pick one with {@link
 * io.codemode4j.sql.SqlAllowlist.Builder#dialect}.
 *
 * <p>Decided: a dialect is an object of this module, not an extension point: {@code Dialect} is
 * sealed, and its methods other than {@code name()} are public only for the allowlist's {@code
 * internal} package to call. Its DuckDB implementation is package-private and delegates to that
 * package (rendering, function lists, keywords), where the tests that check each against DuckDB
 * live.
 */
@NullMarked
package io.codemode4j.sql.dialect;

import org.jspecify.annotations.NullMarked;
