/**
 * The SQL one warehouse engine speaks, as far as the allowlist needs it: {@link
 * io.codemode4j.sql.dialect.Dialect}, DuckDB's by default ({@link
 * io.codemode4j.sql.dialect.Dialect#duckDb()}). Pick one with {@link
 * io.codemode4j.sql.SqlAllowlist.Builder#dialect}.
 *
 * <p>Decided: a dialect is data an engine module builds ({@link
 * io.codemode4j.sql.dialect.Dialect#builder}) from the types here alone: the features it has
 * ({@link io.codemode4j.sql.dialect.SqlFeature}), its function catalog ({@link
 * io.codemode4j.sql.dialect.FunctionCatalog}, each function's {@link
 * io.codemode4j.sql.dialect.Growth}), its Calcite dialect, its rewrites ({@link
 * io.codemode4j.sql.dialect.TreeRewrite}, {@link io.codemode4j.sql.dialect.Rewrites}) and checks
 * ({@link io.codemode4j.sql.dialect.SyntaxCheck}), and its advice ({@link
 * io.codemode4j.sql.dialect.Advice}). The allowlist's passes read those parts and never ask which
 * engine a dialect is, so every refusal is written once with the engine as a parameter, and an
 * engine is added without changing this module.
 */
@NullMarked
package io.codemode4j.sql.dialect;

import org.jspecify.annotations.NullMarked;
