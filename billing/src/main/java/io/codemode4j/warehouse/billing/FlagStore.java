package io.codemode4j.warehouse.billing;

import io.codemode4j.bridge.audit.OwnerOnly;
import io.codemode4j.bridge.tool.CallContext;
import io.codemode4j.warehouse.JdbcPools;
import java.io.IOException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import javax.sql.DataSource;
import org.jspecify.annotations.Nullable;

/**
 * The invoice flags that {@code billing.flagInvoice} writes: a writable state database of its own,
 * apart from the warehouse, whose identity stays read-only.
 *
 * <p>Decided: embedded, it is a DuckDB file opened for each write or read and closed at once, not
 * held open. DuckDB lets one process at a time open a file for writing, so two {@code codemode run}
 * processes flagging together would otherwise fail; this way the second waits for the first's few
 * milliseconds (DuckDB's "Could not set lock on file" is retried with a growing pause for up to
 * {@link #LOCK_WAIT}) and both flags are kept. One process serializes its own writes to a file
 * first, whichever of its stores makes them, so it never contends with itself. A shared store is
 * any JDBC {@link DataSource} (PostgreSQL, say), whose own locking then applies. DuckDB was chosen
 * over SQLite, which handles several processes natively, to keep one embedded engine in the
 * project.
 *
 * <p>Every flag records the run, pass and call that wrote it, so a call the ledger reports {@code
 * uncertain} (its pass ended while it ran) can be reconciled: list the flags and look for its call
 * id before flagging again. Writes are not transactional across calls: a pass that fails after two
 * of three flags keeps the two.
 *
 * <p>A write with an idempotency key (an approved plan's, {@link CallContext#idempotencyKey()}) is
 * written once per key: a second write with the key, from this process, another one or another host
 * on the shared database, returns the flag the first wrote and writes nothing. Decided: the key is
 * looked up first, and a unique index on it settles a race between hosts, after which the loser
 * reads the winner's flag; this needs no engine's upsert syntax.
 */
public final class FlagStore {

  /** How long a write waits for another process's hold on the embedded file. */
  public static final Duration LOCK_WAIT = Duration.ofSeconds(15);

  private static final String SCHEMA =
      "CREATE TABLE IF NOT EXISTS invoice_flags ("
          + "flag_id VARCHAR PRIMARY KEY, invoice_id VARCHAR NOT NULL, region VARCHAR NOT NULL,"
          + " reason VARCHAR NOT NULL, run_id VARCHAR NOT NULL, pass_id VARCHAR NOT NULL,"
          + " call_id VARCHAR NOT NULL, principal VARCHAR NOT NULL, created_at TIMESTAMP NOT NULL,"
          + " idempotency_key VARCHAR)";

  /**
   * A store made before idempotency keys gains their column; probed first, since an {@code ALTER}
   * of a table that has an index is not every engine's to make twice.
   */
  private static final String KEY_COLUMN =
      "ALTER TABLE invoice_flags ADD COLUMN idempotency_key VARCHAR";

  /** What {@link #prepare} creates: the table, the key column, the key's index. */
  private static final int PREPARED_OBJECTS = 3;

  /** One flag per key, whichever process or host writes it: the database decides a race. */
  private static final String KEY_INDEX =
      "CREATE UNIQUE INDEX IF NOT EXISTS invoice_flags_idempotency_key"
          + " ON invoice_flags (idempotency_key)";

  /**
   * One flag.
   *
   * @param region the flagged invoice's region, by which a tenant sees only its own flags
   */
  public record Flag(
      String flagId,
      String invoiceId,
      String region,
      String reason,
      String runId,
      String passId,
      String callId,
      String principal,
      Instant createdAt) {
    public Flag {
      Objects.requireNonNull(flagId, "flagId");
      Objects.requireNonNull(invoiceId, "invoiceId");
      Objects.requireNonNull(region, "region");
      Objects.requireNonNull(reason, "reason");
      Objects.requireNonNull(runId, "runId");
      Objects.requireNonNull(passId, "passId");
      Objects.requireNonNull(callId, "callId");
      Objects.requireNonNull(principal, "principal");
      Objects.requireNonNull(createdAt, "createdAt");
    }
  }

  /** Opens a connection to the store, for one operation. */
  @FunctionalInterface
  private interface Connector {
    Connection open() throws SQLException, InterruptedException;
  }

  /**
   * One lock per embedded file in this process, shared by every store of that file: DuckDB opens a
   * file once per process, so two stores of it (two hosts' views in one JVM) would otherwise
   * conflict on its catalog instead of waiting for each other.
   */
  private static final ConcurrentHashMap<Path, Object> FILE_LOCKS = new ConcurrentHashMap<>();

  private final Connector connector;
  private final String description;

  /** What this store's operations hold: its file's lock, or its own for a database. */
  private final Object lock;

  /** Whether this store has made sure of its table; read and set under {@link #lock}. */
  private boolean tableReady;

  private FlagStore(Connector connector, String description, Object lock) {
    this.connector = connector;
    this.description = description;
    this.lock = lock;
  }

  /**
   * The embedded store in {@code directory}, as the file {@code flags.duckdb}; both are created on
   * first use, so a host that never flags leaves nothing behind. The directories it creates and the
   * store's files are its owner's alone ({@link OwnerOnly}).
   */
  public static FlagStore embedded(Path directory) {
    Path dir = directory.toAbsolutePath();
    Path file = dir.resolve("flags.duckdb");
    return new FlagStore(
        () -> {
          try {
            OwnerOnly.createDirectories(dir);
          } catch (IOException e) {
            throw new SQLException("cannot create the flag store's directory " + dir, e);
          }
          Connection connection = openWaitingForLock("jdbc:duckdb:" + file, file);
          try {
            // DuckDB has created the file with the umask's mode: the owner's alone from here on.
            OwnerOnly.file(file);
          } catch (IOException e) {
            connection.close();
            throw new SQLException("cannot make the flag store " + file + " its owner's alone", e);
          }
          return connection;
        },
        "the flag store " + file,
        FILE_LOCKS.computeIfAbsent(file, f -> new Object()));
  }

  /**
   * A store in the host's database, e.g. a PostgreSQL pool shared by several hosts; its table
   * {@code invoice_flags} is created on first use.
   */
  public static FlagStore of(DataSource dataSource) {
    Objects.requireNonNull(dataSource, "dataSource");
    return new FlagStore(dataSource::getConnection, "the flag store " + dataSource, new Object());
  }

  /**
   * A store at a JDBC URL (a database several hosts share), a connection per operation; its table
   * {@code invoice_flags} is created on first use.
   */
  public static FlagStore jdbc(String url) {
    Objects.requireNonNull(url, "url");
    if (!url.startsWith("jdbc:")) {
      throw new IllegalArgumentException(
          "a flag store URL starts with jdbc:, e.g. jdbc:postgresql://host/db, was '" + url + "'");
    }
    return new FlagStore(
        () -> DriverManager.getConnection(url),
        "the flag store " + JdbcPools.redacted(url),
        new Object());
  }

  /**
   * A connection for one operation; the first one this store opens creates the table (if no other
   * host has). Called under the store's lock.
   */
  private Connection open() throws SQLException, InterruptedException {
    Connection connection = connector.open();
    if (!tableReady) {
      try {
        prepare(connection);
      } catch (SQLException e) {
        connection.close();
        throw e;
      }
      tableReady = true;
    }
    return connection;
  }

  /**
   * Creates the table, its key column and index where missing. Decided: tried again when it fails,
   * once per object it creates, since two hosts creating one at once make one fail (PostgreSQL's
   * {@code IF NOT EXISTS} is not atomic) only after the other's is committed, so the next try finds
   * it; a host that loses the race for the table can lose it again for the index (seen in CI:
   * {@code pg_type} on the table, then {@code pg_class} on the index), which a single retry did not
   * allow. A failure on every try is not a race, and throws with the earlier ones suppressed.
   */
  private static void prepare(Connection connection) throws SQLException {
    List<SQLException> raced = new ArrayList<>();
    while (true) {
      try {
        prepareOnce(connection);
        return;
      } catch (SQLException e) {
        if (raced.size() == PREPARED_OBJECTS) {
          raced.forEach(e::addSuppressed);
          throw e;
        }
        raced.add(e);
      }
    }
  }

  private static void prepareOnce(Connection connection) throws SQLException {
    try (Statement statement = connection.createStatement()) {
      statement.execute(SCHEMA);
      try (Statement probe = connection.createStatement()) {
        probe.executeQuery("SELECT idempotency_key FROM invoice_flags WHERE 1 = 0").close();
      } catch (SQLException missing) {
        statement.execute(KEY_COLUMN);
      }
      statement.execute(KEY_INDEX);
    }
  }

  /**
   * Records a flag on {@code invoiceId} (of {@code region}, already checked to be the caller's),
   * written by {@code call}; when the call has an idempotency key already written, returns that
   * key's flag and writes nothing.
   */
  public Flag add(String invoiceId, String region, String reason, CallContext call)
      throws SQLException, InterruptedException {
    synchronized (lock) {
      return addHoldingLock(invoiceId, region, reason, call);
    }
  }

  private Flag addHoldingLock(String invoiceId, String region, String reason, CallContext call)
      throws SQLException, InterruptedException {
    String key = call.idempotencyKey();
    Flag flag =
        new Flag(
            UUID.randomUUID().toString(),
            invoiceId,
            region,
            reason,
            call.runId(),
            call.passId(),
            call.callId(),
            call.principal().id(),
            Instant.now().truncatedTo(ChronoUnit.MICROS));
    try (Connection connection = open()) {
      if (key != null) {
        Flag written = byKey(connection, key);
        if (written != null) {
          return written;
        }
      }
      try {
        insert(connection, flag, key);
      } catch (SQLException e) {
        Flag written = key == null ? null : byKey(connection, key);
        if (written == null) {
          throw e;
        }
        // Another host wrote this key between the look-up and the insert: its flag is the one.
        return written;
      }
    }
    return flag;
  }

  private static void insert(Connection connection, Flag flag, @Nullable String key)
      throws SQLException {
    try (PreparedStatement insert =
        connection.prepareStatement(
            "INSERT INTO invoice_flags (flag_id, invoice_id, region, reason, run_id, pass_id,"
                + " call_id, principal, created_at, idempotency_key)"
                + " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
      insert.setString(1, flag.flagId());
      insert.setString(2, flag.invoiceId());
      insert.setString(3, flag.region());
      insert.setString(4, flag.reason());
      insert.setString(5, flag.runId());
      insert.setString(6, flag.passId());
      insert.setString(7, flag.callId());
      insert.setString(8, flag.principal());
      insert.setTimestamp(9, Timestamp.from(flag.createdAt()));
      insert.setString(10, key);
      insert.executeUpdate();
    }
  }

  /** The flag written with idempotency key {@code key}; null when none is. */
  private static @Nullable Flag byKey(Connection connection, String key) throws SQLException {
    try (PreparedStatement select =
        connection.prepareStatement("SELECT * FROM invoice_flags WHERE idempotency_key = ?")) {
      select.setString(1, key);
      try (ResultSet rows = select.executeQuery()) {
        return rows.next() ? flag(rows) : null;
      }
    }
  }

  private static Flag flag(ResultSet rows) throws SQLException {
    return new Flag(
        rows.getString("flag_id"),
        rows.getString("invoice_id"),
        rows.getString("region"),
        rows.getString("reason"),
        rows.getString("run_id"),
        rows.getString("pass_id"),
        rows.getString("call_id"),
        rows.getString("principal"),
        rows.getTimestamp("created_at").toInstant());
  }

  /**
   * The flags, oldest first: of {@code invoiceId} only when it is not null, and of {@code regions}
   * only when they are not null (a tenant's).
   */
  public List<Flag> list(@Nullable String invoiceId, @Nullable Set<String> regions)
      throws SQLException, InterruptedException {
    synchronized (lock) {
      return listHoldingLock(invoiceId, regions);
    }
  }

  private List<Flag> listHoldingLock(@Nullable String invoiceId, @Nullable Set<String> regions)
      throws SQLException, InterruptedException {
    StringBuilder sql = new StringBuilder("SELECT * FROM invoice_flags WHERE TRUE");
    List<String> values = new ArrayList<>();
    if (invoiceId != null) {
      sql.append(" AND invoice_id = ?");
      values.add(invoiceId);
    }
    if (regions != null) {
      sql.append(" AND region IN (").append("?, ".repeat(regions.size() - 1)).append("?)");
      values.addAll(regions.stream().sorted().toList());
    }
    sql.append(" ORDER BY created_at, flag_id");
    List<Flag> flags = new ArrayList<>();
    try (Connection connection = open();
        PreparedStatement select = connection.prepareStatement(sql.toString())) {
      for (int i = 0; i < values.size(); i++) {
        select.setString(i + 1, values.get(i));
      }
      try (ResultSet rows = select.executeQuery()) {
        while (rows.next()) {
          flags.add(flag(rows));
        }
      }
    }
    return flags;
  }

  @Override
  public String toString() {
    return description;
  }

  /**
   * A connection to the embedded file, waiting while another process holds it. DuckDB's refusal
   * names the holder's PID; after {@link #LOCK_WAIT} it is rethrown with the fix.
   */
  private static Connection openWaitingForLock(String url, Path file)
      throws SQLException, InterruptedException {
    long giveUp = System.nanoTime() + LOCK_WAIT.toNanos();
    long pauseMillis = 2;
    while (true) {
      try {
        return DriverManager.getConnection(url);
      } catch (SQLException e) {
        if (!String.valueOf(e.getMessage()).contains("Could not set lock")) {
          throw e;
        }
        if (System.nanoTime() > giveUp) {
          throw new SQLException(
              "the flag store "
                  + file
                  + " stayed locked by another process for "
                  + LOCK_WAIT.toSeconds()
                  + " s: let it finish, or give each host its own --state directory or a shared"
                  + " database (FlagStore.of)",
              e);
        }
        Thread.sleep(pauseMillis);
        pauseMillis = Math.min(pauseMillis * 2, 100);
      }
    }
  }
}
