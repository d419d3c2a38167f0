package io.codemode4j.sample;

import java.io.IOException;
import java.nio.file.Path;

/**
 * Regenerates the committed parquet files; run by {@code sample-data/regenerate.sh}. Lives with the
 * tests so the jar carries no entry point.
 */
final class RegenerateBundledData {

  private RegenerateBundledData() {}

  /**
   * @param args the output directory, {@code sample-data/parquet} of the checkout
   */
  static void main(String[] args) throws IOException {
    if (args.length != 1) {
      throw new IllegalArgumentException(
          "usage: RegenerateBundledData <sample-data/parquet directory>");
    }
    Path outDir = Path.of(args[0]);
    long start = System.nanoTime();
    SampleDataGenerator.generate(GeneratorConfig.bundled(), outDir, ProgressListener.silent());
    System.out.printf(
        "wrote %s in %.1f s%n", outDir.toAbsolutePath(), (System.nanoTime() - start) / 1e9);
  }
}
