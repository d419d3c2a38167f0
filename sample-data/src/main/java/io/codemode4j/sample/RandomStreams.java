package io.codemode4j.sample;

import java.util.SplittableRandom;

/**
 * The independent random streams of one generation, split from the seed in a fixed order so that
 * each part of the data depends only on the seed and its own position: the customers' stream never
 * sees how many invoices are drawn, which keeps the first customers identical at any scale.
 */
record RandomStreams(
    SplittableRandom names, SplittableRandom customers, SplittableRandom invoices) {

  static RandomStreams of(long seed) {
    SplittableRandom root = new SplittableRandom(seed);
    SplittableRandom names = root.split();
    SplittableRandom customers = root.split();
    SplittableRandom invoices = root.split();
    return new RandomStreams(names, customers, invoices);
  }
}
