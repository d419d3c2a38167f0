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
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A test corpus file: entries start with {@code -- name: ...}, followed by {@code -- key: value}
 * attribute lines, then the SQL up to the next entry. Lines before the first entry are a preamble.
 * An entry with {@code -- unescape: yes} has its escapes (a backslash, u, four hex digits) read, so
 * that characters a text file should not hold (U+0000, invisible ones) are written visibly. Public
 * for the tests of the {@code internal} package, which read the same corpora.
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
          entries.add(entry(name, attributes, sql));
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
      entries.add(entry(name, attributes, sql));
    }
    return new Corpus(List.copyOf(entries));
  }

  private static Entry entry(String name, Map<String, String> attributes, CharSequence sql) {
    String text = sql.toString().strip();
    if (attributes.containsKey("unescape")) {
      text =
          UNICODE_ESCAPE
              .matcher(text)
              .replaceAll(
                  m ->
                      Matcher.quoteReplacement(
                          String.valueOf((char) Integer.parseInt(m.group(1), 16))));
    }
    return new Entry(name, attributes, text);
  }

  private static final Pattern UNICODE_ESCAPE = Pattern.compile("\\\\u([0-9a-fA-F]{4})");
}
