package io.codemode4j.warehouse;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;

/**
 * One program of the database's adversarial corpus ({@code
 * src/test/resources/hostile/database/<name>.js}), read like the bridge's corpus: {@code // expect:
 * ok | timeout | ...}, then optionally {@code // result: <json>} (exact) and {@code // message:
 * <text>} (contained in the pass's failure message).
 *
 * <p>Decided: where an engine legitimately ends a program otherwise (its own error text, a function
 * its dialect refuses), the program says so for that engine alone with the same header and the
 * backend's key, e.g. {@code // result[postgresql]: ...}, which replaces {@code // result:} on that
 * engine and nowhere else; a key that names no {@link Backend} fails the read, so a typo cannot
 * leave an engine unchecked.
 */
record HostileQuery(String name, String source, Map<String, String> headers) {

  private static final Pattern HEADER =
      Pattern.compile("// (expect|result|message)(?:\\[([a-z]+)])?: (.*)");

  HostileQuery {
    headers = Map.copyOf(headers);
  }

  /** What {@code backend} must end the program with. */
  Expectation on(Backend backend) {
    return new Expectation(
        Objects.requireNonNull(header("expect", backend), name),
        header("result", backend),
        header("message", backend));
  }

  /**
   * How a run must end: the failure kind's wire name or {@code ok}, the exact result of an {@code
   * ok} (null: any), a text the failure message contains (null: any).
   */
  record Expectation(String expect, @Nullable String result, @Nullable String message) {}

  private @Nullable String header(String key, Backend backend) {
    String own = headers.get(key + "[" + backend.key() + "]");
    return own != null ? own : headers.get(key);
  }

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
    String source;
    try {
      source = Files.readString(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    List<String> keys = Arrays.stream(Backend.values()).map(Backend::key).toList();
    Map<String, String> headers = new LinkedHashMap<>();
    for (String line : source.lines().toList()) {
      Matcher header = HEADER.matcher(line);
      if (!header.matches()) {
        continue;
      }
      String engine = header.group(2);
      if (engine != null && !keys.contains(engine)) {
        throw new IllegalStateException(
            file + ": '" + line + "' names no backend (one of " + keys + ")");
      }
      String key = header.group(1) + (engine == null ? "" : "[" + engine + "]");
      if (headers.putIfAbsent(key, header.group(3).strip()) != null) {
        throw new IllegalStateException(file + " has two '// " + key + ":' lines");
      }
    }
    if (!headers.containsKey("expect")) {
      throw new IllegalStateException(file + " has no '// expect:' line");
    }
    return new HostileQuery(file.getFileName().toString().replace(".js", ""), source, headers);
  }

  @Override
  public String toString() {
    return name;
  }
}
