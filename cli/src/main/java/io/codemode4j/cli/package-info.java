/**
 * The picocli {@code codemode} command line: run, query, tables, describe, discover, generate,
 * bench.
 */
@NullMarked
package io.codemode4j.cli;

import org.jspecify.annotations.NullMarked;
