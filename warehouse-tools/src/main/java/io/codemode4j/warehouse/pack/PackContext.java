package io.codemode4j.warehouse.pack;

import java.nio.file.Path;
import java.util.Objects;

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

    /** A database at a JDBC URL, shared by every process that names it. */
    record Database(String jdbcUrl) implements State {
      public Database {
        Objects.requireNonNull(jdbcUrl, "jdbcUrl");
      }
    }
  }
}
