/**
 * Internals of sql-allowlist; not for use outside it (an ArchUnit test in {@code cli} fails the
 * build when another module imports any {@code internal} package). {@link
 * io.codemode4j.sql.internal.Approver} runs the pipeline behind {@code SqlAllowlist.approve}: the
 * size check and the parse ({@code QueryParser}, both Calcite grammars; {@code CastPrecedence} and
 * {@code DuckDbSyntax} for what Babel misreads or cannot read), the rewriting passes ({@code
 * ConcatPrecedence}, {@code AsWritten}, {@code DuckDbForms}), the fail-closed walk ({@code
 * QueryWalker}, with {@code AllowedTables}, {@code FunctionAllowlist}, {@code TenantFilter}, {@code
 * SeriesBounds}, {@code WidthBounds}), the string bounds ({@code StringGrowth}), the row cap
 * ({@code RowCap}), the check of what the dialect lacks ({@code FeatureCheck}) and the rendering
 * ({@code Rendering}, with {@code PlainLiterals} and {@code SubqueryParentheses}); {@code SqlScan}
 * is the lexical view of the text they share, {@code Advisor} what their refusals advise.
 *
 * <p>Decided: no pass asks which engine a dialect is. What differs between engines is the dialect's
 * data ({@code io.codemode4j.sql.dialect}): the parser reads DuckDB's SQL for every dialect, so the
 * parse-side classes keep DuckDB's names, and DuckDB's own dialect is defined here ({@code
 * DuckDbSql}) with the same public builder an engine module uses.
 *
 * <p>Decided: one package, not a separate {@code internal.duckdb} for the DuckDB passes. The walker
 * and the parser call those passes and the passes call back (DuckDbSyntax parses with QueryParser's
 * configuration and explains with its refusals; DuckDbForms rewrites with TreeRewriter), so two
 * packages would depend on each other and some forty members would turn public. Everything here is
 * package-private except what the API and {@code dialect} packages call: {@code Approver}, {@code
 * AllowedTables} and {@code Names} for the builder, {@code DuckDbSql} for {@code Dialect.duckDb()},
 * and {@code Rewriting} for the rewrites every dialect may list.
 */
@NullMarked
package io.codemode4j.sql.internal;

import org.jspecify.annotations.NullMarked;
