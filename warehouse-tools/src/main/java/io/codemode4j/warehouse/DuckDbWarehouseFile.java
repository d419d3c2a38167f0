package io.codemode4j.warehouse;

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
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

/**
 * Builds the DuckDB database file that the read-only identity serves, from a directory of parquet
 * files.
 *
 * <p>Decided: queries never read parquet directly. Views over parquet need {@code
 * allowed_directories}, and with that DuckDB still lets {@code COPY ... TO} and {@code EXPORT
 * DATABASE} overwrite files in the directory and lets {@code query_table}/{@code glob} run. So a
 * trusted writer step loads the files into tables of a database file once per distinct content
 * (keyed by a SHA-256 of the files and of this layout), and queries are served only by connections
 * that open that file read-only with external access disabled (see {@link #readOnlyUrl}). Building
 * goes to a temporary file that is moved into place atomically, so concurrent builders and crashes
 * never leave a half-built file under the final name.
 *
 * <p>Decided: a tenant's queries run on a file that holds only its regions' rows. The allowlist's
 * row filters alone do not stop a side channel: DuckDB may evaluate the query's own predicates
 * before the tenant filter, so a predicate that fails on one specific row (a CAST inside a CASE on
 * an invoice id) turns the database's error into a yes/no probe of another tenant's data. Rows that
 * are not in the file cannot be probed.
 */
public final class DuckDbWarehouseFile {

  /** The parquet files a data directory must hold, and the tables they become. */
  public static final List<String> TABLE_FILES =
      List.of("customers.parquet", "invoices.parquet", "invoice_lines.parquet");

  /** Bumped whenever the tables or the view below change, so older cached files are not reused. */
  private static final String LAYOUT_VERSION = "warehouse-layout-1";

  /** What {@link #contentKey} returns: 12 bytes in hex. */
  private static final Pattern CONTENT_KEY = Pattern.compile("[0-9a-f]{24}");

  private static final Map<String, List<String>> EXPECTED_COLUMNS =
      Map.of(
          "customers", List.of("customer_id", "name", "region", "segment", "country"),
          "invoices",
              List.of(
                  "invoice_id",
                  "customer_id",
                  "region",
                  "issued_on",
                  "due_on",
                  "paid_on",
                  "status",
                  "currency",
                  "amount_cents"),
          "invoice_lines",
              List.of("invoice_id", "line_no", "product", "quantity", "unit_price_cents"));

  /**
   * Per region, customer name and month of issue, over invoices that are not void: the invoice
   * count and the revenue in currency units. Cents are summed as integers and scaled by an exact
   * DECIMAL product, so {@code revenue * 100} equals the summed cents to the cent; a division
   * through DOUBLE would not.
   */
  static final String INVOICE_SUMMARY_VIEW =
      """
      CREATE VIEW invoice_summary AS
      SELECT i.region AS region,
             c.name AS customer,
             CAST(date_trunc('month', i.issued_on) AS DATE) AS month,
             count(*) AS invoice_count,
             CAST(CAST(sum(i.amount_cents) AS DECIMAL(38,0)) * 0.01 AS DECIMAL(18,2)) AS revenue
      FROM invoices i
      JOIN customers c ON c.customer_id = i.customer_id
      WHERE i.status <> 'void'
      GROUP BY i.region, c.name, CAST(date_trunc('month', i.issued_on) AS DATE)
      """;

  private DuckDbWarehouseFile() {}

  /**
   * Returns the database file for {@code parquetDir}, building it under {@code cacheRoot} when no
   * file for the same content exists yet.
   *
   * @throws WarehouseException of kind {@code UNAVAILABLE} when a file is missing, has the wrong
   *     columns, or the cache directory cannot be written, with a message that names the file and
   *     what was expected
   */
  public static Path prepare(Path parquetDir, Path cacheRoot) throws WarehouseException {
    return prepare(source(parquetDir, cacheRoot), cacheRoot, Optional.empty());
  }

  /**
   * A checked data directory and the key of its content, computed once per directory; {@code note}
   * is where to remember a key that was just hashed, written once a warehouse file for it exists.
   */
  record Source(Path dir, String contentKey, Optional<Path> note) {
    Source(Path dir, String contentKey) {
      this(dir, contentKey, Optional.empty());
    }

    /** Writes the note, if any; failing to only costs the next open a hash. */
    void remember() {
      if (note.isEmpty()) {
        return;
      }
      Path temp = note.get().resolveSibling(".note-" + UUID.randomUUID());
      try {
        Files.createDirectories(note.get().getParent());
        Files.writeString(temp, contentKey, StandardCharsets.UTF_8);
        Files.move(
            temp, note.get(), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
      } catch (IOException | UnsupportedOperationException e) {
        try {
          Files.deleteIfExists(temp);
        } catch (IOException ignored) {
          // Nothing more to do about a note that could not be written.
        }
      }
    }
  }

  /**
   * Checks that {@code parquetDir} holds the three files and hashes their content.
   *
   * @throws WarehouseException of kind {@code UNAVAILABLE} naming a missing file
   */
  static Source source(Path parquetDir) throws WarehouseException {
    Path dir = checkedDir(parquetDir);
    return new Source(dir, hash(dir));
  }

  /**
   * Like {@link #source(Path)}, but the content key of files that have not changed since it was
   * last computed comes from a small note under {@code cacheRoot} instead of hashing them again.
   *
   * <p>Decided: hashing the data on every open cost tens of milliseconds of each command on the
   * bundled 1.3 MB and seconds on a large set. The note is named after each file's path, size,
   * modification time (to the nanosecond where the file system keeps it) and file key (inode), so
   * any rewrite or replacement of a file misses it and the files are hashed again; only a same-size
   * rewrite that also restores the exact modification time on the same inode would reuse a stale
   * key, which no writer of these files does. The note is written only once a warehouse file of
   * that content exists ({@link #prepare}), so data that fails to load leaves nothing behind; a
   * note that cannot be read or written only costs the hash.
   */
  static Source source(Path parquetDir, Path cacheRoot) throws WarehouseException {
    Path dir = checkedDir(parquetDir);
    Path note;
    try {
      note = cacheRoot.resolve("keys").resolve("key-" + statKey(dir) + ".txt");
    } catch (IOException e) {
      throw new WarehouseException(
          WarehouseException.Kind.UNAVAILABLE, "cannot read " + dir + ": " + e.getMessage(), e);
    }
    try {
      String noted = Files.readString(note, StandardCharsets.UTF_8).strip();
      if (CONTENT_KEY.matcher(noted).matches()) {
        return new Source(dir, noted);
      }
    } catch (IOException e) {
      // No note yet (or an unreadable one): hash the files below.
    }
    return new Source(dir, hash(dir), Optional.of(note));
  }

  /** The content key of a {@linkplain #checkedDir checked} directory, hashed from its files. */
  private static String hash(Path dir) throws WarehouseException {
    try {
      return contentKey(dir);
    } catch (IOException e) {
      throw new WarehouseException(
          WarehouseException.Kind.UNAVAILABLE, "cannot read " + dir + ": " + e.getMessage(), e);
    }
  }

  private static Path checkedDir(Path parquetDir) throws WarehouseException {
    Path dir = parquetDir.toAbsolutePath().normalize();
    for (String file : TABLE_FILES) {
      if (!Files.isRegularFile(dir.resolve(file))) {
        throw new WarehouseException(
            WarehouseException.Kind.UNAVAILABLE,
            "data directory "
                + dir
                + " has no "
                + file
                + " (it must hold "
                + String.join(", ", TABLE_FILES)
                + "; generate a set with `codemode generate --out DIR`)");
      }
    }
    return dir;
  }

  /**
   * A hash of the layout version and, per file, its real path, size, modification time and file
   * key.
   */
  private static String statKey(Path dir) throws IOException {
    MessageDigest digest = sha256();
    digest.update(LAYOUT_VERSION.getBytes(StandardCharsets.UTF_8));
    for (String file : TABLE_FILES) {
      Path path = dir.resolve(file).toRealPath();
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

  /**
   * The database file of {@code source}, or with {@code regions} the file that holds only those
   * regions' rows: customers and invoices of the regions, and the lines of those invoices. Each is
   * built once under {@code cacheRoot}.
   */
  static Path prepare(Source source, Path cacheRoot, Optional<Set<String>> regions)
      throws WarehouseException {
    String name =
        "warehouse-"
            + source.contentKey()
            + regions.map(r -> "-" + String.join("+", new TreeSet<>(r))).orElse("")
            + ".duckdb";
    try {
      Files.createDirectories(cacheRoot);
      Path target = cacheRoot.resolve(name);
      if (Files.isRegularFile(target)) {
        source.remember();
        return target;
      }
      Path temp = cacheRoot.resolve(".building-" + UUID.randomUUID() + ".duckdb");
      try {
        build(source.dir(), temp, regions);
        moveIntoPlace(temp, target);
      } finally {
        Files.deleteIfExists(temp);
        Files.deleteIfExists(Path.of(temp + ".wal"));
      }
      source.remember();
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

  /**
   * The JDBC URL of the read-only identity for a prepared file: read-only access, no external
   * access at all (no allowed directories, so no file, extension or network reads), extension
   * auto-install and auto-load off, resource caps, and the configuration locked last so no
   * statement can undo any of it.
   *
   * <p>Decided: results are not streamed ({@code jdbc_stream_results}). Every query already fetches
   * at most {@code maxRows + 1} rows by its own SQL, so materialising costs little, while a
   * streamed result turns any runtime error into DuckDB's bare "Invalid result set" and the analyst
   * loses the message that says what to fix (pinned by {@code DuckDbFactsIT}).
   */
  public static String readOnlyUrl(Path databaseFile, DuckDbLimits limits) {
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

  private static void build(Path dir, Path temp, Optional<Set<String>> regions)
      throws WarehouseException {
    try (Connection connection = DriverManager.getConnection("jdbc:duckdb:" + temp);
        Statement statement = connection.createStatement()) {
      // The writer is trusted code, but it too reads nothing beyond the three files it loads.
      statement.execute("SET allowed_directories = [" + literal(dir + "/") + "]");
      statement.execute("SET enable_external_access = false");
      for (String file : TABLE_FILES) {
        String table = file.substring(0, file.length() - ".parquet".length());
        checkColumns(statement, dir.resolve(file), table);
        statement.execute(
            "CREATE TABLE "
                + table
                + " AS SELECT "
                + String.join(", ", EXPECTED_COLUMNS.get(table))
                + " FROM read_parquet("
                + literal(dir.resolve(file).toString())
                + ")"
                + regionFilter(table, regions));
      }
      statement.execute(INVOICE_SUMMARY_VIEW);
      statement.execute("CHECKPOINT");
    } catch (SQLException e) {
      throw new WarehouseException(
          WarehouseException.Kind.UNAVAILABLE,
          "cannot load the parquet files of " + dir + " into DuckDB: " + firstLine(e),
          e);
    }
  }

  /**
   * Customers and invoices by their own region column; lines through the invoices table already
   * loaded, which is the same scope the allowlist's tenant rewrite applies.
   */
  private static String regionFilter(String table, Optional<Set<String>> regions) {
    if (regions.isEmpty()) {
      return "";
    }
    if (table.equals("invoice_lines")) {
      return " WHERE invoice_id IN (SELECT invoice_id FROM invoices)";
    }
    return " WHERE region IN ("
        + String.join(
            ", ", new TreeSet<>(regions.get()).stream().map(DuckDbWarehouseFile::literal).toList())
        + ")";
  }

  private static void checkColumns(Statement statement, Path file, String table)
      throws SQLException, WarehouseException {
    List<String> actual = new ArrayList<>();
    try (ResultSet rs =
        statement.executeQuery(
            "SELECT column_name FROM (DESCRIBE SELECT * FROM read_parquet("
                + literal(file.toString())
                + "))")) {
      while (rs.next()) {
        actual.add(rs.getString(1));
      }
    }
    List<String> missing = new ArrayList<>(EXPECTED_COLUMNS.get(table));
    missing.removeAll(actual);
    if (!missing.isEmpty()) {
      throw new WarehouseException(
          WarehouseException.Kind.UNAVAILABLE,
          file
              + " lacks the columns "
              + missing
              + " (expected "
              + EXPECTED_COLUMNS.get(table)
              + ", found "
              + actual
              + ")");
    }
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

  private static String contentKey(Path dir) throws IOException {
    MessageDigest digest = sha256();
    digest.update(LAYOUT_VERSION.getBytes(StandardCharsets.UTF_8));
    byte[] buffer = new byte[1 << 16];
    for (String file : TABLE_FILES) {
      digest.update(file.getBytes(StandardCharsets.UTF_8));
      try (InputStream in = Files.newInputStream(dir.resolve(file))) {
        for (int n; (n = in.read(buffer)) > 0; ) {
          digest.update(buffer, 0, n);
        }
      }
    }
    return HexFormat.of().formatHex(digest.digest(), 0, 12);
  }

  static String literal(String text) {
    return "'" + text.replace("'", "''") + "'";
  }

  static String firstLine(SQLException e) {
    String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    return message.lines().findFirst().orElse(message).strip();
  }
}
