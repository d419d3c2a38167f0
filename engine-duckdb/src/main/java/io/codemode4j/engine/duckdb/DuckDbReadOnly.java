package io.codemode4j.engine.duckdb;

import java.nio.file.Path;

/**
 * The DuckDB identity a warehouse reads through: a database file opened read-only, with no way out
 * of it.
 *
 * <p>Decided: results are not streamed ({@code jdbc_stream_results}). Every query already fetches
 * at most {@code maxRows + 1} rows by its own SQL, so materialising costs little, while a streamed
 * result turns any runtime error into DuckDB's bare "Invalid result set" and the analyst loses the
 * message that says what to fix (pinned by {@code DuckDbFactsIT}).
 */
public final class DuckDbReadOnly {

  private DuckDbReadOnly() {}

  /**
   * The JDBC URL of the read-only identity over {@code databaseFile}: read-only access, no external
   * access at all (no allowed directories, so no file, extension or network reads), extension
   * auto-install and auto-load off, the resource caps of {@code limits}, and the configuration
   * locked last so no statement can undo any of it.
   *
   * @throws IllegalArgumentException when the path holds {@code ;}, which separates URL options
   */
  public static String url(Path databaseFile, DuckDbLimits limits) {
    String path = databaseFile.toAbsolutePath().normalize().toString();
    if (path.indexOf(';') >= 0) {
      throw new IllegalArgumentException(
          "the warehouse file path must not contain ';' (it separates JDBC URL options): " + path);
    }
    return "jdbc:duckdb:"
        + path
        + ";access_mode=READ_ONLY"
        + ";enable_external_access=false"
        + ";autoinstall_known_extensions=false"
        + ";autoload_known_extensions=false"
        + ";allow_community_extensions=false"
        + ";allow_persistent_secrets=false"
        + ";memory_limit="
        + limits.memoryLimit()
        + ";threads="
        + limits.threads()
        + ";max_temp_directory_size="
        + limits.maxTempDirectorySize()
        + ";lock_configuration=true";
  }
}
