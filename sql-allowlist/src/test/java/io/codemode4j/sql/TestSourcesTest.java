package io.codemode4j.sql;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The test sources of every module of the repository wait on latches and events, never by sleeping
 * (issue 32): a sleep is either too short on a loaded machine (a flaky test) or too long everywhere
 * else (a slow one). It lives in the first module of the build, which needs none of the others, and
 * reads the other modules' sources from the repository's directory.
 */
class TestSourcesTest {

  /** The repository: surefire runs each module's tests in that module's directory. */
  static final Path ROOT = Path.of(System.getProperty("user.dir")).getParent();

  /**
   * A call of {@code Thread}'s sleep, or of a {@code TimeUnit}'s (also through a static import of
   * the unit).
   */
  private static final Pattern SLEEP =
      Pattern.compile(
          "\\bThread\\s*\\.\\s*sleep\\s*\\(|\\b(?:TimeUnit\\s*\\.\\s*)?"
              + "(?:NANOSECONDS|MICROSECONDS|MILLISECONDS|SECONDS|MINUTES|HOURS|DAYS)"
              + "\\s*\\.\\s*sleep\\s*\\(");

  @Test
  void testSources_ofEveryModule_neverSleep() {
    List<Path> sources = testSources(ROOT);
    assertThat(sources)
        .as("test sources under %s (is it the repository?)", ROOT)
        .anySatisfy(p -> assertThat(p).endsWith(Path.of("TestSourcesTest.java")));

    assertThat(sleeps(sources))
        .as("wait on a latch or an event instead (polling with a deadline where none exists)")
        .isEmpty();
  }

  @Test
  void sleeps_sourceThatSleeps_areNamedWithFileAndLine() throws IOException {
    Path dir = Files.createTempDirectory("sleeps");
    Path source = dir.resolve("Sleeper.java");
    try {
      Files.writeString(
          source,
          String.join(
              "\n",
              "class Sleeper {",
              "  void a() throws Exception { Thread." + "sleep(10); }",
              "  void b() throws Exception { TimeUnit.SECONDS." + "sleep(1); }",
              "  void c() throws Exception { MILLISECONDS." + "sleep(1); }",
              "  void d() { Thread.onSpinWait(); String asleep = \"sleep(\"; }",
              "}"));

      assertThat(sleeps(List.of(source)))
          .containsExactly(
              source + ":2: void a() throws Exception { Thread." + "sleep(10); }",
              source + ":3: void b() throws Exception { TimeUnit.SECONDS." + "sleep(1); }",
              source + ":4: void c() throws Exception { MILLISECONDS." + "sleep(1); }");
    } finally {
      Files.delete(source);
      Files.delete(dir);
    }
  }

  /**
   * Every {@code .java} file under a {@code src/test/java} directory of {@code root}, skipping
   * build output and version control.
   */
  static List<Path> testSources(Path root) {
    List<Path> found = new ArrayList<>();
    try {
      Files.walkFileTree(
          root,
          new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attributes) {
              String name = String.valueOf(dir.getFileName());
              boolean skipped =
                  name.equals("target") || name.equals("node_modules") || name.startsWith(".");
              return skipped && !dir.equals(root)
                  ? FileVisitResult.SKIP_SUBTREE
                  : FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attributes) {
              String relative = root.relativize(file).toString().replace('\\', '/');
              if (relative.endsWith(".java") && relative.contains("src/test/java/")) {
                found.add(file);
              }
              return FileVisitResult.CONTINUE;
            }
          });
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    found.sort(null);
    return found;
  }

  /** {@code file:line: text} of each line of {@code sources} that sleeps. */
  static List<String> sleeps(List<Path> sources) {
    List<String> found = new ArrayList<>();
    for (Path source : sources) {
      List<String> lines;
      try {
        lines = Files.readAllLines(source);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      for (int i = 0; i < lines.size(); i++) {
        if (SLEEP.matcher(lines.get(i)).find()) {
          found.add(source + ":" + (i + 1) + ": " + lines.get(i).strip());
        }
      }
    }
    return found;
  }
}
