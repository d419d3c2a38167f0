package io.codemode4j.warehouse;

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
 * One program of the database's adversarial corpus ({@code
 * src/test/resources/hostile/database/<name>.js}), read like the bridge's corpus: {@code // expect:
 * ok | timeout | ...}, then optionally {@code // result: <json>} (exact) and {@code // message:
 * <text>} (contained in the pass's failure message); null when absent.
 */
record HostileQuery(String name, String source, String expect, String result, String message) {

  static List<HostileQuery> corpus() {
    try {
      Path root = Path.of(HostileQuery.class.getResource("/hostile/database").toURI());
      try (Stream<Path> files = Files.list(root)) {
        return files
            .filter(f -> f.toString().endsWith(".js"))
            .sorted()
            .map(HostileQuery::read)
            .toList();
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  private static HostileQuery read(Path file) {
    try {
      String source = Files.readString(file, StandardCharsets.UTF_8);
      return new HostileQuery(
          file.getFileName().toString().replace(".js", ""),
          source,
          header(source, "expect")
              .orElseThrow(() -> new IllegalStateException(file + " has no '// expect:' line")),
          header(source, "result").orElse(null),
          header(source, "message").orElse(null));
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

  @Override
  public String toString() {
    return name;
  }
}
