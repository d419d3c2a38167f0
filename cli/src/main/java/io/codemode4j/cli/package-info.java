/**
 * The picocli {@code codemode} command line: run, query, tables, describe, discover, generate, ask,
 * mcp and the rest. {@code codemode bench} is not one of them: the launcher of a checkout runs it
 * from the benchmarks module.
 */
@NullMarked
package io.codemode4j.cli;

import org.jspecify.annotations.NullMarked;
