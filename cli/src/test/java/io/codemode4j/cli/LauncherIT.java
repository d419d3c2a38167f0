package io.codemode4j.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The repository's {@code codemode} launcher with the jar this module's build has just packaged.
 */
class LauncherIT {

  private static final Path HOME = Path.of(System.getProperty("codemode.home"));

  @TempDir Path cache;

  @Test
  void launcher_helpOrUsageErrorFirst_keepsNoClassCacheUntilARunSucceeds()
      throws IOException, InterruptedException {
    assertThat(launch("tables", "--help")).isZero();
    assertThat(launch("tables", "--no-such-option")).isEqualTo(2);
    assertThat(classCaches()).isEmpty();

    assertThat(launch("tables")).isZero();
    assertThat(classCaches()).singleElement().asString().contains("-tables-");
  }

  private int launch(String... args) throws IOException, InterruptedException {
    ProcessBuilder builder =
        new ProcessBuilder(
                Stream.concat(Stream.of(HOME.resolve("codemode").toString()), Stream.of(args))
                    .toList())
            .redirectOutput(ProcessBuilder.Redirect.DISCARD)
            .redirectError(ProcessBuilder.Redirect.DISCARD);
    builder.environment().put("CODEMODE_BUILD", "never");
    builder.environment().put("CODEMODE_CACHE_DIR", cache.toString());
    builder.environment().put("JAVA_HOME", System.getProperty("java.home"));
    builder.environment().remove("CODEMODE_JAVA_OPTS");
    return builder.start().waitFor();
  }

  private List<String> classCaches() throws IOException {
    Path dir = cache.resolve("cds");
    if (!Files.isDirectory(dir)) {
      return List.of();
    }
    try (Stream<Path> files = Files.list(dir)) {
      return files
          .map(file -> file.getFileName().toString())
          .filter(name -> name.endsWith(".aot") || name.endsWith(".jsa"))
          .toList();
    }
  }
}
