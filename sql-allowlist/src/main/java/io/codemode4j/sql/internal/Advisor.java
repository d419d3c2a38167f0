package io.codemode4j.sql.internal;

import io.codemode4j.sql.SchemaExamples;
import io.codemode4j.sql.dialect.Advice;
import io.codemode4j.sql.dialect.Dialect;

/**
 * What a refusal says to write instead: the dialect's advice and the refusals' own examples, over
 * the allowlist's {@link SchemaExamples}, so that a refusal names the warehouse's tables and
 * columns and SQL its engine has.
 *
 * <p>Decided: one value for the parser, the walker and the check pass to carry, rather than the
 * dialect and the examples apart, since no refusal needs one without the other.
 */
record Advisor(Dialect dialect, SchemaExamples examples) {

  /** The engine's name, as messages write it. */
  String engine() {
    return dialect.name();
  }

  /** "for WHAT, write ADVICE" ({@link Advice#in}). */
  String in(Advice topic) {
    return topic.in(dialect, examples);
  }

  /** The dialect's advice for {@code topic} alone. */
  String advice(Advice topic) {
    return dialect.advice(topic, examples);
  }

  /** A refusal's example, {@code template} over the examples ({@link SchemaExamples#fill}). */
  String example(String template) {
    return examples.fill(template);
  }
}
