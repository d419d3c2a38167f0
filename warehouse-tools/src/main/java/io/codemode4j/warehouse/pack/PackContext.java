package io.codemode4j.warehouse.pack;

import java.nio.file.Path;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * What a front end gives the packs it installs: where a pack that writes keeps its state.
 *
 * @param state a directory for an embedded store, or a shared database
 */
public record PackContext(State state) {

  public PackContext {
    Objects.requireNonNull(state, "state");
  }

  /** Where a pack keeps what it writes. */
  public sealed interface State {

    /** A directory of the host's, created on first use. */
    record Directory(Path directory) implements State {
      public Directory {
        Objects.requireNonNull(directory, "directory");
      }
    }

    /**
     * A database at a JDBC URL, shared by every process that names it.
     *
     * <p>Decided: a URL of a database that lives in memory alone ({@code jdbc:duckdb:}, {@code
     * jdbc:h2:mem:} ...) is refused: what a pack reports written would be gone when the process
     * ends.
     */
    record Database(String jdbcUrl) implements State {

      private static final Pattern IN_MEMORY =
          Pattern.compile(
              "(?i)jdbc:duckdb:(:memory:.*)?|jdbc:sqlite:(:memory:.*)?|jdbc:h2:mem:.*"
                  + "|jdbc:hsqldb:mem:.*|jdbc:derby:memory:.*");

      public Database {
        Objects.requireNonNull(jdbcUrl, "jdbcUrl");
        if (IN_MEMORY.matcher(jdbcUrl.strip()).matches()) {
          throw new IllegalArgumentException(
              "the state URL "
                  + jdbcUrl.strip()
                  + " names a database in memory: what a program writes would be lost when the"
                  + " process ends, though reported written. Give a database file"
                  + " (jdbc:duckdb:/var/lib/codemode/state.duckdb), a database server's URL, or a"
                  + " directory");
        }
      }
    }
  }
}
