package io.codemode4j.bench;

import io.codemode4j.bridge.Isolation;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * How to run a {@link Soak}.
 *
 * @param passes passes to run, at least one per scenario ({@link Soak#SCENARIOS})
 * @param concurrency caller threads running passes at once, 1..256
 * @param isolation where the passes run
 * @param progress receives one line per step, for a person watching
 */
public record SoakOptions(
    int passes, int concurrency, Isolation isolation, Consumer<String> progress) {

  public SoakOptions {
    if (passes < Soak.SCENARIOS.size()) {
      throw new IllegalArgumentException(
          "a soak runs at least one pass per scenario ("
              + Soak.SCENARIOS.size()
              + "), was "
              + passes);
    }
    if (concurrency < 1 || concurrency > 256) {
      throw new IllegalArgumentException("concurrency must be 1..256, was " + concurrency);
    }
    Objects.requireNonNull(isolation, "isolation");
    Objects.requireNonNull(progress, "progress");
  }
}
