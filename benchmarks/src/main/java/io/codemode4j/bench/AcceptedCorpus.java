package io.codemode4j.bench;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The allowlist's accepted-query corpus ({@code
 * sql-allowlist/src/test/resources/corpus/accepted.sql}), packaged into this module's jar at build
 * time: realistic analyst queries, each introduced by {@code -- name: ...} and optional {@code --
 * key: value} lines.
 */
public final class AcceptedCorpus {

  static final String RESOURCE = "corpus/accepted.sql";

  /** One query of the corpus. */
  public record Query(String name, String sql) {
    public Query {
      Objects.requireNonNull(name, "name");
      Objects.requireNonNull(sql, "sql");
      if (sql.isBlank()) {
        throw new IllegalArgumentException("corpus entry '" + name + "' has no SQL");
      }
    }
  }

  private AcceptedCorpus() {}

  /** Every query of the packaged corpus, in file order. */
  public static List<Query> queries() {
    try (InputStream in = AcceptedCorpus.class.getResourceAsStream(RESOURCE)) {
      if (in == null) {
        throw new IllegalStateException(
            "the accepted-query corpus " + RESOURCE + " is missing from the benchmarks jar");
      }
      return parse(new String(in.readAllBytes(), StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the accepted-query corpus", e);
    }
  }

  static List<Query> parse(String text) {
    List<Query> queries = new ArrayList<>();
    String name = null;
    StringBuilder sql = new StringBuilder();
    for (String line : text.split("\n", -1)) {
      if (line.startsWith("-- name:")) {
        if (name != null) {
          queries.add(new Query(name, sql.toString().strip()));
        }
        name = line.substring("-- name:".length()).strip();
        sql.setLength(0);
      } else if (name != null && !(sql.isEmpty() && line.matches("-- [a-z]+: .*"))) {
        sql.append(line).append('\n');
      }
    }
    if (name != null) {
      queries.add(new Query(name, sql.toString().strip()));
    }
    return List.copyOf(queries);
  }
}
