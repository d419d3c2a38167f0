/**
 * Internals of sql-allowlist; not for use outside it (an ArchUnit test in {@code cli} fails the
 * build when another module imports any {@code internal} package). {@link
 * io.codemode4j.sql.internal.Approver} runs the pipeline behind {@code SqlAllowlist.approve}: the
 * size check and the parse ({@code QueryParser}, both Calcite grammars; {@code CastPrecedence} and
 * {@code DuckDbSyntax} for what Babel misreads or cannot read), the rewriting passes ({@code
 * ConcatPrecedence}, {@code AsWritten}, {@code DuckDbForms}), the fail-closed walk ({@code
 * QueryWalker}, with {@code AllowedTables}, {@code FunctionAllowlist}, {@code TenantFilter}, {@code
 * SeriesBounds}, {@code WidthBounds}), the row cap ({@code RowCap}) and the rendering ({@code
 * Rendering}, with each engine's renderer: {@code DuckDbRenderer}, {@code PostgresRenderer} and
 * {@code TrinoRenderer}, the last two after their check passes {@code PostgresSyntax} and {@code
 * TrinoSyntax}); {@code SqlScan} is the lexical view of the text they share.
 *
 * <p>Decided: one package, not a separate {@code internal.duckdb} for the DuckDB passes. The walker
 * and the parser call those passes and the passes call back (DuckDbSyntax parses with QueryParser's
 * configuration and explains with its refusals; DuckDbForms rewrites with TreeRewriter), so two
 * packages would depend on each other and some forty members would turn public. Everything here is
 * package-private except what the API and {@code dialect} packages call: {@code Approver}, {@code
 * AllowedTables} and {@code Names} for the builder, and the renderer and the DuckDB lists ({@code
 * DuckDbRenderer}, {@code FunctionAllowlist}, {@code DuckDbIdioms}) for the DuckDB dialect, {@code
 * PostgresRenderer} and {@code PostgresFunctions} for the PostgreSQL one, {@code TrinoRenderer} and
 * {@code TrinoFunctions} for the Trino one. PostgreSQL's and Trino's passes stay here too: their
 * renderers share {@code Rendering} with DuckDB's, and their check passes read the DuckDB forms the
 * parser creates.
 */
@NullMarked
package io.codemode4j.sql.internal;

import org.jspecify.annotations.NullMarked;
