/**
 * JMH benchmarks of the allowlist, the warehouse and the pass, for profiles the bench scenarios
 * cannot give.
 */
@NullMarked
package io.codemode4j.bench.jmh;

import org.jspecify.annotations.NullMarked;
