package io.codemode4j.engine.duckdb;

import io.codemode4j.bridge.audit.OwnerOnly;
import io.codemode4j.warehouse.SqlLiterals;
import io.codemode4j.warehouse.WarehouseException;
import io.codemode4j.warehouse.engine.JdbcMessages;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HexFormat;
import java.util.List;
import java.util.Objects;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * DuckDB database files built from source files (parquet, CSV ...) once per distinct content, for
 * the read-only identity ({@link DuckDbReadOnly}) to serve.
 *
 * <p>Decided: queries never read source files directly. Views over parquet need {@code
 * allowed_directories}, and with that DuckDB still lets {@code COPY ... TO} and {@code EXPORT
 * DATABASE} overwrite files in the directory and lets {@code query_table}/{@code glob} run. So a
 * trusted writer step loads the files into tables of a database file once per distinct content
 * (keyed by a SHA-256 of the files and of the layout that loads them), and queries are served only
 * by connections that open that file read-only with external access disabled. Building goes to a
 * temporary file that is moved into place atomically, so concurrent builders and crashes never
 * leave a half-built file under the final name.
 *
 * <p>Decided: hashing the data on every open cost tens of milliseconds of each command on the
 * bundled 1.3 MB and seconds on a large set. So the content key of files that have not changed
 * since it was last computed comes from a small note under the cache directory. The note is named
 * after each file's path, size, modification time (to the nanosecond where the file system keeps
 * it) and file key (inode), so any rewrite or replacement of a file misses it and the files are
 * hashed again; only a same-size rewrite that also restores the exact modification time on the same
 * inode would reuse a stale key, which no writer of these files does. The note is written only once
 * a database file of that content exists, so data that fails to load leaves nothing behind; a note
 * that cannot be read or written only costs the hash.
 *
 * <p>Thread-safe: concurrent {@link #prepare} calls for the same variant build at most a few copies
 * and keep one.
 */
public final class DuckDbFileCache {

  /** Loads one database through a fresh writable connection, e.g. {@code CREATE TABLE ... AS}. */
  @FunctionalInterface
  public interface Loader {
    void load(Statement writer) throws SQLException, WarehouseException;
  }

  /** What {@link #contentKey} is: 12 bytes in hex. */
  private static final Pattern CONTENT_KEY = Pattern.compile("[0-9a-f]{24}");

  /** A variant's name in a file name. */
  private static final Pattern VARIANT = Pattern.compile("[a-z0-9_+-]{0,200}");

  private final Path cacheRoot;
  private final List<Path> sources;
  private final String contentKey;

  /** Where to remember a key that was just hashed; {@code null} when it came from a note. */
  private final @Nullable Path pendingNote;

  private DuckDbFileCache(
      Path cacheRoot, List<Path> sources, String contentKey, @Nullable Path pendingNote) {
    this.cacheRoot = cacheRoot;
    this.sources = sources;
    this.contentKey = contentKey;
    this.pendingNote = pendingNote;
  }

  /**
   * The cache of {@code sources} under {@code cacheRoot}, loaded by the layout named {@code
   * layout}: change the name whenever the tables a loader makes change, so older files are not
   * reused.
   *
   * @throws WarehouseException of kind {@code UNAVAILABLE} when a source file cannot be read
   */
  public static DuckDbFileCache open(Path cacheRoot, String layout, List<Path> sources)
      throws WarehouseException {
    Objects.requireNonNull(cacheRoot, "cacheRoot");
    Objects.requireNonNull(layout, "layout");
    List<Path> files = sources.stream().map(p -> p.toAbsolutePath().normalize()).toList();
    if (files.isEmpty()) {
      throw new IllegalArgumentException("a DuckDB file needs at least one source file");
    }
    for (Path file : files) {
      if (!Files.isRegularFile(file)) {
        throw new WarehouseException(
            WarehouseException.Kind.UNAVAILABLE, "source file " + file + " does not exist");
      }
    }
    Path note;
    try {
      note = cacheRoot.resolve("keys").resolve("key-" + statKey(layout, files) + ".txt");
    } catch (IOException e) {
      throw cannotRead(files, e);
    }
    try {
      String noted = Files.readString(note, StandardCharsets.UTF_8).strip();
      if (CONTENT_KEY.matcher(noted).matches()) {
        return new DuckDbFileCache(cacheRoot, files, noted, null);
      }
    } catch (IOException e) {
      // No note yet (or an unreadable one): hash the files below.
    }
    try {
      return new DuckDbFileCache(cacheRoot, files, contentKey(layout, files), note);
    } catch (IOException e) {
      throw cannotRead(files, e);
    }
  }

  /** The key of the sources' content and layout: 24 hex digits, in every file name. */
  public String contentKey() {
    return contentKey;
  }

  /** The source files, absolute, in the order given. */
  public List<Path> sources() {
    return sources;
  }

  /**
   * The database file of {@code variant} ({@code ""} for the whole data, or a name of {@code
   * [a-z0-9_+-]} such as a tenant's), built by {@code loader} when no file of this content and
   * variant exists yet. The loader's connection may read only the sources' directories.
   *
   * @throws WarehouseException of kind {@code UNAVAILABLE} when loading fails or the cache cannot
   *     be written, with a message that names what to fix
   */
  public Path prepare(String variant, Loader loader) throws WarehouseException {
    if (!VARIANT.matcher(variant).matches()) {
      throw new IllegalArgumentException(
          "variant '" + variant + "' must be up to 200 characters of a-z, 0-9, _, + or -");
    }
    String name = "warehouse-" + contentKey + (variant.isEmpty() ? "" : "-" + variant) + ".duckdb";
    try {
      OwnerOnly.createDirectories(cacheRoot);
      Path target = cacheRoot.resolve(name);
      if (!Files.isRegularFile(target)) {
        Path temp = cacheRoot.resolve(".building-" + UUID.randomUUID() + ".duckdb");
        try {
          build(temp, loader);
          // A variant holds one tenant's rows: its owner's alone, before anyone can open it.
          OwnerOnly.file(temp);
          moveIntoPlace(temp, target);
        } finally {
          Files.deleteIfExists(temp);
          Files.deleteIfExists(Path.of(temp + ".wal"));
        }
      }
      rememberKey();
      return target;
    } catch (IOException e) {
      throw new WarehouseException(
          WarehouseException.Kind.UNAVAILABLE,
          "cannot build the warehouse file under "
              + cacheRoot
              + ": "
              + e.getMessage()
              + " (set CODEMODE_CACHE_DIR to a writable directory)",
          e);
    }
  }

  private void build(Path temp, Loader loader) throws WarehouseException {
    try (Connection connection = DriverManager.getConnection("jdbc:duckdb:" + temp);
        Statement statement = connection.createStatement()) {
      // The writer is trusted code, but it too reads nothing beyond the directories it loads.
      statement.execute(
          "SET allowed_directories = ["
              + String.join(
                  ", ",
                  sources.stream()
                      .map(file -> SqlLiterals.quote(file.getParent() + "/"))
                      .distinct()
                      .toList())
              + "]");
      statement.execute("SET enable_external_access = false");
      loader.load(statement);
      statement.execute("CHECKPOINT");
    } catch (SQLException e) {
      throw new WarehouseException(
          WarehouseException.Kind.UNAVAILABLE,
          "cannot load "
              + sources.get(0).getParent()
              + " into DuckDB: "
              + JdbcMessages.firstLine(e),
          e);
    }
  }

  /** Writes the note of a key that was hashed; failing to only costs the next open a hash. */
  private void rememberKey() {
    if (pendingNote == null) {
      return;
    }
    Path temp = pendingNote.resolveSibling(".note-" + UUID.randomUUID());
    try {
      Files.createDirectories(pendingNote.getParent());
      Files.writeString(temp, contentKey, StandardCharsets.UTF_8);
      Files.move(
          temp, pendingNote, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    } catch (IOException | UnsupportedOperationException e) {
      try {
        Files.deleteIfExists(temp);
      } catch (IOException ignored) {
        // Nothing more to do about a note that could not be written.
      }
    }
  }

  /** A hash of the layout and, per file, its real path, size, modification time and file key. */
  private static String statKey(String layout, List<Path> files) throws IOException {
    MessageDigest digest = sha256();
    digest.update(layout.getBytes(StandardCharsets.UTF_8));
    for (Path file : files) {
      Path path = file.toRealPath();
      BasicFileAttributes attributes = Files.readAttributes(path, BasicFileAttributes.class);
      digest.update(
          (path
                  + "\0"
                  + attributes.size()
                  + "\0"
                  + attributes.lastModifiedTime().to(TimeUnit.NANOSECONDS)
                  + "\0"
                  + attributes.fileKey()
                  + "\0")
              .getBytes(StandardCharsets.UTF_8));
    }
    return HexFormat.of().formatHex(digest.digest(), 0, 16);
  }

  /** A hash of the layout and, per file, its name and content. */
  private static String contentKey(String layout, List<Path> files) throws IOException {
    MessageDigest digest = sha256();
    digest.update(layout.getBytes(StandardCharsets.UTF_8));
    byte[] buffer = new byte[1 << 16];
    for (Path file : files) {
      digest.update(file.getFileName().toString().getBytes(StandardCharsets.UTF_8));
      try (InputStream in = Files.newInputStream(file)) {
        for (int n; (n = in.read(buffer)) > 0; ) {
          digest.update(buffer, 0, n);
        }
      }
    }
    return HexFormat.of().formatHex(digest.digest(), 0, 12);
  }

  private static WarehouseException cannotRead(List<Path> files, IOException e) {
    return new WarehouseException(
        WarehouseException.Kind.UNAVAILABLE,
        "cannot read " + files.get(0).getParent() + ": " + e.getMessage(),
        e);
  }

  private static void moveIntoPlace(Path temp, Path target) throws IOException {
    try {
      Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE);
    } catch (FileAlreadyExistsException e) {
      // Another process built the same content first; its file is as good as ours.
    } catch (AtomicMoveNotSupportedException e) {
      Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING);
    }
  }

  private static MessageDigest sha256() {
    try {
      return MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JDK has SHA-256", e);
    }
  }
}
