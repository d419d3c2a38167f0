package io.codemode4j.sql;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A test corpus file: entries start with {@code -- name: ...}, followed by {@code -- key: value}
 * attribute lines, then the SQL up to the next entry. Lines before the first entry are a preamble.
 * Public for the tests of the {@code internal} package, which read the same corpora.
 */
public record Corpus(List<Entry> entries) {

  public record Entry(String name, Map<String, String> attributes, String sql) {
    public String attribute(String key) {
      return Objects.requireNonNull(
          attributes.get(key), () -> name + " has no '-- " + key + ":' line");
    }

    @Override
    public String toString() {
      return name;
    }
  }

  public static Corpus read(String resource) {
    try (InputStream in = Corpus.class.getResourceAsStream(resource)) {
      Objects.requireNonNull(in, resource);
      return parse(new String(in.readAllBytes(), StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static Corpus parse(String text) {
    List<Entry> entries = new ArrayList<>();
    String name = null;
    Map<String, String> attributes = new LinkedHashMap<>();
    StringBuilder sql = new StringBuilder();
    for (String line : text.split("\n", -1)) {
      if (line.startsWith("-- name:")) {
        if (name != null) {
          entries.add(new Entry(name, attributes, sql.toString().strip()));
        }
        name = line.substring("-- name:".length()).strip();
        attributes = new LinkedHashMap<>();
        sql.setLength(0);
      } else if (name != null && sql.isEmpty() && line.matches("-- [a-z]+: .*")) {
        int colon = line.indexOf(':');
        attributes.put(line.substring(3, colon), line.substring(colon + 1).strip());
      } else if (name != null) {
        sql.append(line).append('\n');
      }
    }
    if (name != null) {
      entries.add(new Entry(name, attributes, sql.toString().strip()));
    }
    return new Corpus(List.copyOf(entries));
  }
}
