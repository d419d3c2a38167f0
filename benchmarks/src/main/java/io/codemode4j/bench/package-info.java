/**
 * The scenarios of {@code codemode bench}: each measures Code Mode against a baseline of the same
 * run (BENCHMARKS.md).
 */
@NullMarked
package io.codemode4j.bench;

import org.jspecify.annotations.NullMarked;
