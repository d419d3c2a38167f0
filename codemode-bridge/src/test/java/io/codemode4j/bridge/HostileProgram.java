package io.codemode4j.bridge;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * One program of the adversarial corpus ({@code src/test/resources/hostile/<category>/<name>.js})
 * with its expected outcome, read from its leading comments: {@code // expect: ok | thrown |
 * not_json | timeout | invalid_program | limit <name>[|<name>]}, then optionally {@code // result:
 * <json>} (exact), {@code // message: <text>} (contained in the failure message) and {@code //
 * calls: <status>,<status>} (the ledger's statuses in order, {@code none} for an empty ledger);
 * {@code result}, {@code message} and {@code calls} are null when the program has no such line.
 */
record HostileProgram(
    String name, String source, String expect, String result, String message, String calls) {

  static List<HostileProgram> corpus() {
    try (Stream<Path> files =
        Files.walk(Path.of(HostileProgram.class.getResource("/hostile").toURI()))) {
      Path root = Path.of(HostileProgram.class.getResource("/hostile").toURI());
      return files
          .filter(f -> f.toString().endsWith(".js"))
          .sorted()
          .map(f -> read(root, f))
          .toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  private static HostileProgram read(Path root, Path file) {
    try {
      String source = Files.readString(file, StandardCharsets.UTF_8);
      String name = root.relativize(file).toString().replace(".js", "");
      return new HostileProgram(
          name,
          source,
          header(source, "expect")
              .orElseThrow(() -> new IllegalStateException(file + " has no '// expect:' line")),
          header(source, "result").orElse(null),
          header(source, "message").orElse(null),
          header(source, "calls").orElse(null));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static Optional<String> header(String source, String key) {
    return source
        .lines()
        .filter(l -> l.startsWith("// " + key + ": "))
        .map(l -> l.substring(("// " + key + ": ").length()).strip())
        .findFirst();
  }

  /** Whether the program checks for state left by an earlier pass, so it runs twice. */
  boolean probesLeaks() {
    return name.startsWith("leaks/");
  }

  @Override
  public String toString() {
    return name;
  }
}
