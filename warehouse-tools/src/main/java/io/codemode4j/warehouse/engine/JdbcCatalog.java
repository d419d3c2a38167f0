package io.codemode4j.warehouse.engine;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Reads tables, views, columns and comments through JDBC's {@link DatabaseMetaData}: what every
 * driver reports, so one reader drafts a description on any engine.
 */
public final class JdbcCatalog {

  private JdbcCatalog() {}

  /**
   * The tables and views of {@code catalog}.{@code schema} ({@code null}: any) that {@code
   * connection}'s user may see, sorted by name, each with its columns in order and the database's
   * comments; names lowercased.
   */
  public static List<CatalogTable> read(
      Connection connection, @Nullable String catalog, @Nullable String schema)
      throws SQLException {
    DatabaseMetaData meta = connection.getMetaData();
    Map<String, CatalogTable> tables = new LinkedHashMap<>();
    try (ResultSet rs =
        meta.getTables(catalog, schema, "%", new String[] {"TABLE", "VIEW", "BASE TABLE"})) {
      while (rs.next()) {
        String name = rs.getString("TABLE_NAME").toLowerCase(Locale.ROOT);
        boolean view = "VIEW".equalsIgnoreCase(rs.getString("TABLE_TYPE"));
        tables.put(
            name,
            new CatalogTable(
                name, view, comment(rs.getString("REMARKS")), List.of(), List.of(), List.of()));
      }
    }
    List<CatalogTable> out = new ArrayList<>();
    for (CatalogTable table :
        tables.values().stream()
            .sorted(java.util.Comparator.comparing(CatalogTable::name))
            .toList()) {
      List<CatalogTable.CatalogColumn> columns = new ArrayList<>();
      try (ResultSet rs = meta.getColumns(catalog, schema, escape(meta, table.name()), "%")) {
        while (rs.next()) {
          if (rs.getString("TABLE_NAME").equalsIgnoreCase(table.name())) {
            columns.add(
                new CatalogTable.CatalogColumn(
                    rs.getString("COLUMN_NAME").toLowerCase(Locale.ROOT),
                    rs.getString("TYPE_NAME"),
                    comment(rs.getString("REMARKS"))));
          }
        }
      }
      out.add(
          new CatalogTable(
              table.name(),
              table.view(),
              table.comment(),
              columns,
              table.view() ? List.of() : primaryKey(meta, catalog, schema, table.name()),
              table.view() ? List.of() : foreignKeys(meta, catalog, schema, table.name())));
    }
    return out;
  }

  /**
   * The primary key of {@code table}, its columns in key order; none where the driver reports none
   * (or cannot), since it only helps draft where the tenants are listed.
   */
  private static List<String> primaryKey(
      DatabaseMetaData meta, @Nullable String catalog, @Nullable String schema, String table) {
    Map<Integer, String> columns = new java.util.TreeMap<>();
    try (ResultSet rs = meta.getPrimaryKeys(catalog, schema, table)) {
      while (rs.next()) {
        columns.put(rs.getInt("KEY_SEQ"), rs.getString("COLUMN_NAME").toLowerCase(Locale.ROOT));
      }
    } catch (SQLException | RuntimeException e) {
      return List.of();
    }
    return List.copyOf(columns.values());
  }

  /**
   * The single-column foreign keys of {@code table}; a driver that reports none (or cannot) gives
   * none, since they only help draft how a table is keyed.
   */
  private static List<CatalogTable.ForeignKey> foreignKeys(
      DatabaseMetaData meta, @Nullable String catalog, @Nullable String schema, String table) {
    Map<String, List<String[]>> byKey = new LinkedHashMap<>();
    try (ResultSet rs = meta.getImportedKeys(catalog, schema, table)) {
      while (rs.next()) {
        String key = rs.getString("FK_NAME") + "/" + rs.getString("PKTABLE_NAME");
        byKey
            .computeIfAbsent(key, k -> new ArrayList<>())
            .add(
                new String[] {
                  rs.getString("FKCOLUMN_NAME"),
                  rs.getString("PKTABLE_NAME"),
                  rs.getString("PKCOLUMN_NAME")
                });
      }
    } catch (SQLException | RuntimeException e) {
      return List.of();
    }
    List<CatalogTable.ForeignKey> keys = new ArrayList<>();
    for (List<String[]> columns : byKey.values()) {
      if (columns.size() == 1) {
        String[] key = columns.getFirst();
        keys.add(
            new CatalogTable.ForeignKey(
                key[0].toLowerCase(Locale.ROOT),
                key[1].toLowerCase(Locale.ROOT),
                key[2].toLowerCase(Locale.ROOT)));
      }
    }
    return keys;
  }

  /** {@code name} as a metadata pattern matching itself alone ({@code _} and {@code %} escaped). */
  static String escape(DatabaseMetaData meta, String name) throws SQLException {
    String escape = meta.getSearchStringEscape();
    if (escape == null || escape.isEmpty()) {
      return name;
    }
    return name.replace(escape, escape + escape)
        .replace("_", escape + "_")
        .replace("%", escape + "%");
  }

  private static @Nullable String comment(@Nullable String remarks) {
    return remarks == null || remarks.isBlank() ? null : remarks.strip();
  }
}
