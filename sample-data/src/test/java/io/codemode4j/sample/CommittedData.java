package io.codemode4j.sample;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Where the committed parquet files are: system property {@code codemode.sampleDir}, set by the
 * build.
 */
final class CommittedData {

  private CommittedData() {}

  static Path directory() {
    String property = System.getProperty("codemode.sampleDir");
    if (property == null) {
      throw new IllegalStateException(
          "system property codemode.sampleDir is not set; run the tests with Maven");
    }
    Path dir = Path.of(property);
    for (String name : SampleData.FILE_NAMES) {
      if (!Files.isRegularFile(dir.resolve(name))) {
        throw new IllegalStateException(
            dir.resolve(name) + " is missing; see sample-data/README.md");
      }
    }
    return dir;
  }
}
