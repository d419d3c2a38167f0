package io.codemode4j.engine.mariadb;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;

/**
 * Which columns of a database hold dates or times, by lowercase name: what {@link
 * MariaDbDateArithmetic} needs to tell {@code shipped_on - ordered_on} (days in DuckDB, the
 * difference of two YYYYMMDD numbers in MariaDB) from {@code total - discount}. A name is temporal
 * when any table or view of the database has a DATE, DATETIME, TIMESTAMP or TIME column of that
 * name.
 *
 * <p>Decided: read once when a warehouse opens ({@link MariaDbEngine#open}), from the reader's
 * {@code information_schema} (it lists only what the reader may read, which is every allowlisted
 * table; a tenant's views have the same columns). Without them ({@link #UNKNOWN}), every name a
 * query does not define itself may be a date.
 *
 * @param known whether the database's columns were read; when not, every column may be a date
 * @param temporal the names of the date and time columns, lowercase
 */
public record MariaDbColumnTypes(boolean known, Set<String> temporal) {

  /** No column's type known: any column may be a date. */
  public static final MariaDbColumnTypes UNKNOWN = new MariaDbColumnTypes(false, Set.of());

  /** MariaDB's date and time types, as {@code information_schema.COLUMNS.DATA_TYPE} names them. */
  private static final Set<String> TEMPORAL_TYPES = Set.of("date", "datetime", "timestamp", "time");

  public MariaDbColumnTypes {
    Set<String> names = new TreeSet<>();
    for (String name : temporal) {
      names.add(name.toLowerCase(Locale.ROOT));
    }
    temporal = java.util.Collections.unmodifiableSet(names);
  }

  /**
   * Whether a column named {@code name} (any case) may hold a date or time: one of {@link
   * #temporal}, or any column when the types are not {@link #known}.
   */
  public boolean mayBeTemporal(String name) {
    return !known || temporal.contains(name.toLowerCase(Locale.ROOT));
  }

  /**
   * The date and time columns of {@code database}'s tables and views that {@code reader} may read.
   *
   * @throws SQLException when {@code information_schema} cannot be read
   */
  public static MariaDbColumnTypes read(Connection reader, String database) throws SQLException {
    Set<String> temporal = new TreeSet<>();
    try (PreparedStatement columns =
        reader.prepareStatement(
            "SELECT COLUMN_NAME, DATA_TYPE FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = ?")) {
      columns.setString(1, MariaDbNames.requireIdentifier(database, "database"));
      try (ResultSet rs = columns.executeQuery()) {
        while (rs.next()) {
          if (TEMPORAL_TYPES.contains(rs.getString(2).toLowerCase(Locale.ROOT))) {
            temporal.add(rs.getString(1));
          }
        }
      }
    }
    return new MariaDbColumnTypes(true, temporal);
  }
}
